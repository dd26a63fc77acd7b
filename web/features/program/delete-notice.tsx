import { useEffect, useRef } from 'react';
import clsx from 'clsx';
import { CheckCircleIcon, ExclamationTriangleIcon, XMarkIcon } from '@heroicons/react/24/outline';
import { TIER_MESSAGES } from '@common/tiers/schemas';

/** What deleting a program came to: deleted, or refused while the tier has active subscribers. */
export type DeleteOutcome = { kind: 'deleted' | 'blocked'; tierId: string; tierName: string };

type DeleteNoticeProps = { outcome: DeleteOutcome; onDismiss: () => void; className?: string };

/**
 * What deleting a program came to, said on the program page. It comes into view and takes focus
 * when it appears: the button that asked is often far below it, or gone with the deleted tier.
 */
export function DeleteNotice({ outcome, onDismiss, className = 'mt-6' }: DeleteNoticeProps) {
  const deleted = outcome.kind === 'deleted';
  const Icon = deleted ? CheckCircleIcon : ExclamationTriangleIcon;
  const box = useRef<HTMLDivElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs again for each new outcome, which is the point
  useEffect(() => {
    box.current?.scrollIntoView?.({ block: 'nearest', behavior: 'smooth' });
    box.current?.focus({ preventScroll: true });
  }, [outcome]);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role={deleted ? 'status' : 'alert'}
      className={clsx(
        'flex items-start gap-3 rounded-2xl border p-4 focus:outline-none',
        deleted ? 'border-brand-600/20 bg-brand-50 text-brand-900' : 'border-amber-300 bg-amber-50 text-amber-900',
        className,
      )}
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
