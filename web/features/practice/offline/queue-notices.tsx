import { ExclamationCircleIcon } from '@heroicons/react/24/outline';
import { Button } from '@web/components/button';
import type { QueuedWrite } from './practice-queue';
import { practiceQueue, useQueuedPractice } from './queued-practice';

/** What a refused write had done, in the member's words. */
function whatWasDone(write: QueuedWrite) {
  if (write.kind === 'journal') return `your journal entry on “${write.title}”`;
  if (write.kind === 'complete') return `“${write.title}” marked ${write.value ? 'done' : 'not done'}`;
  return `“${write.title}” ${write.value ? 'added to' : 'removed from'} your favourites`;
}

/**
 * The writes made offline that the server refused when they were sent (the item is no longer
 * the member's, say): each is shown as not saved, with the server's message, until dismissed.
 * The queue has dropped them already; the screen shows the server's state again.
 */
export function QueueRefusals() {
  const { refused } = useQueuedPractice();
  if (refused.length === 0) return null;
  return (
    <div role="alert" className="space-y-2 rounded-2xl border border-red-200 bg-red-50 p-4">
      <p className="flex items-center gap-2 text-sm font-semibold text-red-900">
        <ExclamationCircleIcon className="size-5 shrink-0" aria-hidden="true" />
        Not saved: the server refused {refused.length === 1 ? 'a change' : 'changes'} you made offline
      </p>
      <ul className="space-y-2">
        {refused.map(({ write, message }) => (
          <li key={write.key} className="flex flex-wrap items-center justify-between gap-2 text-sm text-red-900">
            <span className="min-w-0 break-words">
              Not saved: {whatWasDone(write)}. {message}
            </span>
            <Button
              variant="secondary"
              size="sm"
              aria-label={`Dismiss: ${whatWasDone(write)} was not saved`}
              onClick={() => practiceQueue.dismiss(write.key)}
            >
              Dismiss
            </Button>
          </li>
        ))}
      </ul>
    </div>
  );
}
