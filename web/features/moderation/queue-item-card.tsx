import { useId, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import {
  MODERATION_REASON_MAX,
  type ModerationActionType,
  MUTE_DAYS,
  type QueueItem,
  REPORT_REASON_LABELS,
} from '@common/moderation/schemas';
import { Button } from '@web/components/button';
import { cardStyles } from '@web/components/card-styles';
import { dateText, dateTimeText } from '@web/components/dates';
import { formErrorText } from '@web/components/form/error-text';
import { useTakeAction } from './api';
import { actionLabel } from './moderation-log';

const ACTION_TEXT: Record<ModerationActionType, string> = {
  dismiss: 'Dismiss the reports',
  hide: 'Hide it',
  unhide: 'Show it again',
  delete: 'Delete it',
  warn: 'Warn the author',
  mute: 'Mute the author in the group',
  remove: 'Remove the author from the group',
  suspend: 'Suspend the account (site-wide)',
};

/** One reported item: what it says, who wrote it and their history, every report, and the actions. */
export function QueueItemCard({ item, groupId }: { item: QueueItem; groupId?: string }) {
  const headingId = useId();
  const a = item.author;
  return (
    <article aria-labelledby={headingId} className={`${cardStyles} space-y-4 p-4 sm:p-5`}>
      <header>
        <h3 id={headingId} className="font-semibold text-stone-900">
          Reported {item.targetType === 'user' ? 'profile' : item.targetType} by {a.name}
          {item.hidden && <span className="ml-2 rounded bg-amber-100 px-2 py-0.5 text-xs text-amber-900">Hidden</span>}
        </h3>
        <p className="text-xs text-stone-500">
          {item.itemCreatedAt ? `Written ${dateTimeText(item.itemCreatedAt)}` : 'The item was deleted'}
          {item.group ? ` · ${item.group.name}` : ''}
          {item.link && (
            <>
              {' · '}
              <Link to={item.link} className="text-brand-700 underline">
                Open
              </Link>
            </>
          )}
        </p>
      </header>
      {item.text !== null && (
        <blockquote className="whitespace-pre-line break-words rounded-lg bg-stone-50 p-3 text-sm text-stone-800">
          {item.text || '(no text)'}
        </blockquote>
      )}
      <dl className="grid grid-cols-2 gap-2 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-xs text-stone-500">Member since</dt>
          <dd>{dateText(a.joinedAt)}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Posts</dt>
          <dd>{a.posts}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Earlier reports</dt>
          <dd>{a.earlierReports}</dd>
        </div>
        <div>
          <dt className="text-xs text-stone-500">Earlier actions</dt>
          <dd>
            {a.earlierActions.length === 0 ? 'None' : a.earlierActions.map((e) => actionLabel(e.action)).join(', ')}
          </dd>
        </div>
      </dl>
      <section aria-label="Reports">
        <h4 className="text-sm font-semibold text-stone-900">Reports ({item.reports.length})</h4>
        <ul className="mt-1 space-y-1 text-sm text-stone-700">
          {item.reports.map((r) => (
            <li key={r._id}>
              <span className="font-medium">{REPORT_REASON_LABELS[r.reason]}</span> — {r.reporter.name}
              {r.note ? `: “${r.note}”` : ''}
            </li>
          ))}
        </ul>
      </section>
      <ActionForm item={item} groupId={groupId} />
    </article>
  );
}

function ActionForm({ item, groupId }: { item: QueueItem; groupId?: string }) {
  const [action, setAction] = useState<ModerationActionType>(item.actions.includes('hide') ? 'hide' : 'dismiss');
  const [days, setDays] = useState<1 | 7 | 30>(1);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string>();
  const take = useTakeAction(groupId);
  const ids = { action: useId(), days: useId(), reason: useId(), error: useId() };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason.trim()) return setError('Write a reason: it goes into the log and to the people told.');
    setError(undefined);
    try {
      await take.mutateAsync({
        caseId: item._id,
        input: { action, reason: reason.trim(), ...(action === 'mute' ? { days } : {}) },
      });
      toast.success(`${actionLabel(action)}: the reporters have been told.`);
    } catch (failure) {
      setError(formErrorText(failure));
    }
  }

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-3 border-t border-stone-100 pt-3">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex-1">
          <label htmlFor={ids.action} className="block text-sm font-medium text-stone-900">
            Action
          </label>
          <select
            id={ids.action}
            value={action}
            onChange={(e) => setAction(e.target.value as ModerationActionType)}
            className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
          >
            {item.actions.map((a) => (
              <option key={a} value={a}>
                {ACTION_TEXT[a]}
              </option>
            ))}
          </select>
        </div>
        {action === 'mute' && (
          <div>
            <label htmlFor={ids.days} className="block text-sm font-medium text-stone-900">
              For
            </label>
            <select
              id={ids.days}
              value={days}
              onChange={(e) => setDays(Number(e.target.value) as 1 | 7 | 30)}
              className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
            >
              {MUTE_DAYS.map((d) => (
                <option key={d} value={d}>
                  {d === 1 ? '1 day' : `${d} days`}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <div>
        <label htmlFor={ids.reason} className="block text-sm font-medium text-stone-900">
          Reason (shown in the log and to the author)
        </label>
        <textarea
          id={ids.reason}
          value={reason}
          maxLength={MODERATION_REASON_MAX}
          rows={2}
          onChange={(e) => setReason(e.target.value)}
          aria-describedby={error ? ids.error : undefined}
          aria-invalid={error ? true : undefined}
          className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
        />
      </div>
      {error && (
        <p id={ids.error} role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {error}
        </p>
      )}
      <div className="flex justify-end">
        <Button
          type="submit"
          variant={action === 'delete' || action === 'suspend' ? 'danger' : 'primary'}
          pending={take.isPending}
        >
          {actionLabel(action) === action ? 'Apply' : `Apply: ${ACTION_TEXT[action]}`}
        </Button>
      </div>
    </form>
  );
}
