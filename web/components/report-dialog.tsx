import { useId, useState } from 'react';
import { Description, DialogTitle } from '@headlessui/react';
import { FlagIcon } from '@heroicons/react/24/outline';
import {
  REPORT_NOTE_MAX,
  REPORT_REASON_LABELS,
  REPORT_REASON_VALUES,
  type ReportAnswer,
  type ReportReason,
  type ReportTargetType,
} from '@common/moderation/schemas';
import { ApiError, call } from '@web/api/client';
import { Button } from './button';
import { DialogShell } from './dialog-shell';
import { formErrorText } from './form/error-text';

const NOUN: Record<ReportTargetType, string> = {
  post: 'post',
  comment: 'comment',
  message: 'message',
  user: 'profile',
};

/**
 * The Report dialog (posts, comments, messages, profiles): a reason, a note (required for
 * 'Something else'), then the thanks, and for self-harm the site's crisis resources.
 */
export function ReportDialog({
  open,
  onClose,
  targetType,
  targetId,
}: {
  open: boolean;
  onClose: () => void;
  targetType: ReportTargetType;
  targetId: string;
}) {
  const [reason, setReason] = useState<ReportReason | null>(null);
  const [note, setNote] = useState('');
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [answer, setAnswer] = useState<ReportAnswer | { message: string; crisisResources: null }>();
  const noteId = useId();
  const errorId = useId();

  const close = () => {
    if (pending) return;
    onClose();
    setReason(null);
    setNote('');
    setError(undefined);
    setAnswer(undefined);
  };

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!reason) return setError('Choose a reason.');
    if (reason === 'other' && !note.trim()) return setError('Tell us what is wrong when the reason is Something else.');
    setPending(true);
    setError(undefined);
    try {
      const body = await call<ReportAnswer>('app/report', { targetType, targetId, reason, note: note.trim() });
      if (body) setAnswer(body);
    } catch (failure) {
      // a second report of the same thing is not a failure for the member
      if (failure instanceof ApiError && failure.code === 'already_reported')
        setAnswer({ message: failure.serverMessage ?? 'You already reported this.', crisisResources: null });
      else setError(formErrorText(failure));
    } finally {
      setPending(false);
    }
  }

  return (
    <DialogShell open={open} onClose={close} className="w-full max-w-md">
      <DialogTitle className="text-lg font-semibold text-stone-900">Report this {NOUN[targetType]}</DialogTitle>
      {answer ? (
        <div className="mt-3 space-y-3">
          <p role="status" className="text-sm text-stone-700">
            {answer.message}
          </p>
          {answer.crisisResources && (
            <div
              role="note"
              aria-label="Crisis resources"
              className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900"
            >
              <p className="font-semibold">If someone is in danger</p>
              <p className="mt-1 whitespace-pre-line">{answer.crisisResources}</p>
            </div>
          )}
          <div className="flex justify-end">
            <Button data-autofocus onClick={close}>
              Close
            </Button>
          </div>
        </div>
      ) : (
        <form onSubmit={(e) => void submit(e)} className="mt-2" noValidate>
          <Description className="text-sm text-stone-600">
            Moderators will see your report; the author will not see who made it.
          </Description>
          <fieldset className="mt-4">
            <legend className="text-sm font-medium text-stone-900">Why are you reporting it?</legend>
            <div className="mt-2 space-y-2">
              {REPORT_REASON_VALUES.map((value) => (
                <label key={value} className="flex min-h-9 cursor-pointer items-center gap-3 text-sm text-stone-800">
                  <input
                    type="radio"
                    name="reason"
                    value={value}
                    checked={reason === value}
                    onChange={() => setReason(value)}
                    className="size-4 accent-brand-700"
                  />
                  {REPORT_REASON_LABELS[value]}
                </label>
              ))}
            </div>
          </fieldset>
          {reason === 'self_harm' && (
            <p className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-900">
              If someone is in immediate danger, contact local emergency services now.
            </p>
          )}
          <label htmlFor={noteId} className="mt-4 block text-sm font-medium text-stone-900">
            {reason === 'other' ? 'What is wrong? (required)' : 'Anything else we should know? (optional)'}
          </label>
          <textarea
            id={noteId}
            value={note}
            maxLength={REPORT_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
            rows={3}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 block w-full rounded-lg border border-stone-300 px-3 py-2 text-sm"
          />
          {error && (
            <p id={errorId} role="alert" className="mt-3 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
              {error}
            </p>
          )}
          <div className="mt-5 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={close} disabled={pending}>
              Cancel
            </Button>
            <Button type="submit" pending={pending}>
              Send report
            </Button>
          </div>
        </form>
      )}
    </DialogShell>
  );
}

/** A 'Report' item that opens the dialog. */
export function ReportButton({
  targetType,
  targetId,
  className,
}: {
  targetType: ReportTargetType;
  targetId: string;
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => setOpen(true)}
        className={
          className ??
          'inline-flex min-h-9 items-center gap-1.5 rounded-lg px-3 text-sm font-medium text-stone-600 hover:bg-stone-100 hover:text-stone-900'
        }
      >
        <FlagIcon aria-hidden="true" className="size-4" />
        Report
      </button>
      <ReportDialog open={open} onClose={() => setOpen(false)} targetType={targetType} targetId={targetId} />
    </>
  );
}

/** The label an author sees on their own content while it is hidden. */
export function HiddenPendingReview() {
  return (
    <p role="note" className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900">
      Hidden pending review: only you and the moderators can see this. Check your notifications for the reason.
    </p>
  );
}
