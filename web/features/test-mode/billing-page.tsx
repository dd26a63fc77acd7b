import { useSearchParams } from 'react-router';
import { ArrowLeftIcon, CreditCardIcon } from '@heroicons/react/24/outline';
import { buttonStyles } from '@web/components/button-styles';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { PageLoading } from '@web/components/page-loading';
import { useTestBilling } from './api/get-test-billing';
import { BillingSubscription } from './billing-subscription';
import { sameSiteReturnPath } from './return-path';
import { TestModeShell } from './test-mode-shell';

/**
 * /test-mode/billing?return=…, the built-in provider's billing portal: the member's paid
 * subscriptions, to cancel, resume or (test mode only) renew at once.
 */
export function TestBillingPage() {
  const [params] = useSearchParams();
  const returnTo = sameSiteReturnPath(params.get('return')) ?? '/subscriptions';
  const billing = useTestBilling();

  return (
    <TestModeShell title="Billing" wide>
      {/* A full page load back, as from a provider's portal, so Tend shows the new state. */}
      <a
        href={returnTo}
        className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-brand-700 hover:text-brand-800"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        Return to Tend
      </a>
      <h1 className="mt-4 text-xl font-semibold text-stone-900">Billing</h1>
      <p className="mt-1 text-sm text-stone-600">
        Your paid subscriptions. Cancelling keeps a subscription until the end of the period you paid for.
      </p>

      <div className="mt-6" aria-busy={billing.isFetching || undefined}>
        {billing.isPending ? (
          <PageLoading label="Loading your subscriptions…" className="min-h-40" />
        ) : billing.isError ? (
          <LoadFailedPanel message="We could not load your subscriptions.">
            <button
              type="button"
              onClick={() => void billing.refetch()}
              disabled={billing.isFetching}
              className={buttonStyles({ size: 'sm' })}
            >
              Try again
            </button>
          </LoadFailedPanel>
        ) : billing.data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-xl bg-stone-50 px-4 py-10 text-center">
            <CreditCardIcon className="size-8 text-stone-500" aria-hidden="true" />
            <p className="text-sm font-medium text-stone-800">You have no paid subscriptions</p>
            <p className="text-sm text-stone-600">Subscriptions you pay for through test mode show up here.</p>
          </div>
        ) : (
          <ul className="space-y-4">
            {billing.data.map((sub) => (
              <li key={sub._id}>
                <BillingSubscription sub={sub} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </TestModeShell>
  );
}
