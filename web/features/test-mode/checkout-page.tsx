import { useParams } from 'react-router';
import { CheckCircleIcon, ClockIcon, QuestionMarkCircleIcon } from '@heroicons/react/24/outline';
import type { TestCheckoutAnswer } from '@common/payments/schemas';
import { EVERY_INTERVAL, PER_INTERVAL, trialThenText } from '@common/tiers/intervals';
import { ApiError } from '@web/api/client';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { formErrorText } from '@web/components/form/error-text';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { PageLoading } from '@web/components/page-loading';
import { useTestCheckout } from './api/get-test-checkout';
import { usePayTestCheckout } from './api/pay-test-checkout';
import { CheckoutClosed } from './checkout-closed';
import { sameSiteReturnPath } from './return-path';
import { TestModeShell } from './test-mode-shell';
import { usdText } from './usd';
import { useBrand } from '@web/components/brand';

const iconClass = 'size-6';

/** The line item names what is bought (a paid session is not a course). */
const LINE_LABELS: Record<TestCheckoutAnswer['kind'], string> = {
  subscription: 'Subscription',
  course: 'Course',
  session: 'Session',
};

/** What is bought, for how much, and one button that pays (no card form: nothing is charged). */
function OpenCheckout({ checkout, cancelTo }: { checkout: TestCheckoutAnswer; cancelTo: string }) {
  const pay = usePayTestCheckout(checkout.id);
  const amount = usdText(checkout.amount);
  // a subscription bills every week, month or year; a course is paid once (no interval)
  const interval = checkout.mode === 'subscription' ? checkout.interval : null;
  const trial = interval && checkout.trialDays > 0 ? checkout.trialDays : 0;
  // an offer's first charge; the usual amount without one (or nothing during a free trial)
  const dueToday = usdText(checkout.offer ? checkout.offer.dueTodayCents : trial ? 0 : checkout.amount);
  const payLabel = checkout.mode === 'subscription' ? (trial ? 'Start free trial' : 'Subscribe') : `Pay ${dueToday}`;
  return (
    <>
      {checkout.facilitator && <p className="text-sm font-medium text-stone-600">{checkout.facilitator}</p>}
      <h1 className="mt-1 text-xl font-semibold break-words text-stone-900">{checkout.description}</h1>
      <p className="mt-3 flex items-baseline gap-1.5">
        <span className="text-3xl font-semibold tracking-tight text-stone-900 tabular-nums">{amount}</span>
        {interval && <span className="text-sm text-stone-600">{PER_INTERVAL[interval]}</span>}
      </p>

      <dl className="mt-6 divide-y divide-stone-200 border-y border-stone-200 text-sm">
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-stone-600">{LINE_LABELS[checkout.kind]}</dt>
          <dd className="text-right font-medium text-stone-900">{checkout.description}</dd>
        </div>
        <div className="flex justify-between gap-4 py-3">
          <dt className="text-stone-600">Billing</dt>
          <dd className="text-right text-stone-900">
            {interval ? `${EVERY_INTERVAL[interval]}, until you cancel` : 'One-time payment'}
          </dd>
        </div>
        {checkout.offer && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-stone-600">Offer {checkout.offer.code}</dt>
            <dd className="text-right text-stone-900">{checkout.offer.text}</dd>
          </div>
        )}
        {trial > 0 && (
          <div className="flex justify-between gap-4 py-3">
            <dt className="text-stone-600">Free trial</dt>
            <dd className="text-right text-stone-900">
              {trialThenText({
                price: checkout.amount / 100,
                type: 'subscription',
                interval: interval!,
                trialDays: trial,
              })}
            </dd>
          </div>
        )}
        <div className="flex justify-between gap-4 py-3">
          <dt className="font-semibold text-stone-900">Total due today</dt>
          <dd className="font-semibold text-stone-900 tabular-nums">{dueToday}</dd>
        </div>
      </dl>

      {pay.isError && (
        <p role="alert" className="mt-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800">
          {formErrorText(pay.error)}
        </p>
      )}
      <div className="mt-6 flex flex-col gap-3">
        {/* Stays busy after success too: the page is on its way to the success address. */}
        <Button size="lg" fullWidth pending={pay.isPending || pay.isSuccess} onClick={() => pay.mutate()}>
          {payLabel}
        </Button>
        <a href={cancelTo} className={buttonStyles({ variant: 'secondary', fullWidth: true })}>
          Cancel
        </a>
      </div>
      <p className="mt-4 text-center text-xs text-stone-500">
        Test mode: pressing {payLabel} completes the checkout as if the payment went through.
      </p>
    </>
  );
}

/** /test-mode/checkout/:id, the built-in provider's hosted checkout. */
export function TestCheckoutPage() {
  const { id = '' } = useParams();
  const checkout = useTestCheckout(id);
  const { siteName } = useBrand();

  function content() {
    if (checkout.isPending) return <PageLoading label="Loading checkout…" className="min-h-64" />;
    if (checkout.isError) {
      if (checkout.error instanceof ApiError && checkout.error.status === 404) {
        return (
          <CheckoutClosed
            icon={<QuestionMarkCircleIcon className={iconClass} aria-hidden="true" />}
            heading="Checkout not found"
            linkTo="/"
            linkLabel={`Back to ${siteName}`}
          >
            This checkout does not exist, or it was started from another account.
          </CheckoutClosed>
        );
      }
      return (
        <LoadFailedPanel message="We could not load this checkout.">
          <button
            type="button"
            onClick={() => void checkout.refetch()}
            disabled={checkout.isFetching}
            className={buttonStyles({ size: 'sm' })}
          >
            Try again
          </button>
        </LoadFailedPanel>
      );
    }
    const data = checkout.data;
    const cancelTo = sameSiteReturnPath(data.cancelUrl) ?? '/';
    if (data.status === 'complete') {
      return (
        <CheckoutClosed
          icon={<CheckCircleIcon className={iconClass} aria-hidden="true" />}
          heading="This checkout is already paid"
          linkTo={sameSiteReturnPath(data.successUrl) ?? '/subscriptions'}
          linkLabel={`Continue to ${siteName}`}
        >
          {data.description} is paid for. Nothing more to do here.
        </CheckoutClosed>
      );
    }
    if (data.status === 'expired') {
      return (
        <CheckoutClosed
          icon={<ClockIcon className={iconClass} aria-hidden="true" />}
          heading="This checkout has expired"
          linkTo={cancelTo}
          linkLabel={`Back to ${siteName}`}
        >
          Nothing was charged. Start again from the plan to get a new checkout.
        </CheckoutClosed>
      );
    }
    return <OpenCheckout checkout={data} cancelTo={cancelTo} />;
  }

  return <TestModeShell title="Checkout">{content()}</TestModeShell>;
}
