import type { LogEntry } from '@common/moderation/schemas';
import { cardStyles } from '@web/components/card-styles';
import { dateTimeText } from '@web/components/dates';

const ACTION_LABELS: Record<string, string> = {
  auto_hide: 'Hidden pending review (reports)',
  dismiss: 'Dismissed',
  hide: 'Hidden',
  unhide: 'Shown again',
  delete: 'Deleted',
  warn: 'Warned',
  mute: 'Muted',
  remove: 'Removed from the group',
  suspend: 'Suspended',
};

export const actionLabel = (action: string) => ACTION_LABELS[action] ?? action;

/** The moderation log: who did what, to whom, when and why. */
export function ModerationLog({ entries, title = 'Moderation log' }: { entries: LogEntry[]; title?: string }) {
  return (
    <section aria-labelledby="moderation-log" className="space-y-3">
      <h2 id="moderation-log" className="text-lg font-semibold text-stone-900">
        {title}
      </h2>
      {entries.length === 0 ? (
        <p className={`${cardStyles} p-5 text-sm text-stone-600`}>No moderation actions yet.</p>
      ) : (
        <ol className={`${cardStyles} divide-y divide-stone-100`}>
          {entries.map((e) => (
            <li key={e._id} className="p-4 text-sm">
              <p className="font-medium text-stone-900">
                {actionLabel(e.action)} · {e.targetType}
                {e.subject ? ` by ${e.subject.name}` : ''}
              </p>
              <p className="mt-1 break-words text-stone-700">Reason: {e.reason}</p>
              <p className="mt-1 text-xs text-stone-500">
                {e.actor ? e.actor.name : 'Automatic'} · {dateTimeText(e.createdAt)}
                {e.group ? ` · ${e.group.name}` : ''}
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
