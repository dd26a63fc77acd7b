import { CheckCircleIcon, ExclamationTriangleIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { TIER_MESSAGES } from '@common/tiers/schemas';
import type { DeleteOutcome } from './delete-program';

/** spec 02 §2, §8: what deleting a program came to. */
export function DeleteNotice({ outcome, onDismiss }: { outcome: DeleteOutcome; onDismiss: () => void }) {
  const deleted = outcome.kind === 'deleted';
  const Icon = deleted ? CheckCircleIcon : ExclamationTriangleIcon;
  return (
    <div
      role={deleted ? 'status' : 'alert'}
      className={
        deleted
          ? 'mt-6 flex items-start gap-3 rounded-2xl border border-brand-600/20 bg-brand-50 p-4 text-brand-900'
          : 'mt-6 flex items-start gap-3 rounded-2xl border border-amber-300 bg-amber-50 p-4 text-amber-900'
      }
    >
      <Icon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 text-sm">
        {deleted ? (
          <p className="font-semibold">{TIER_MESSAGES.deleted}</p>
        ) : (
          <>
            <p className="font-semibold">{TIER_MESSAGES.hasSubscribers}</p>
            <p className="mt-1">{TIER_MESSAGES.hasSubscribersDetail}</p>
          </>
        )}
      </div>
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-lg hover:bg-black/5"
      >
        <XMarkIcon className="size-5" aria-hidden="true" />
      </button>
    </div>
  );
}
