import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckCircleIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import type { SubscriptionAnswer } from '@common/payments/schemas';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { Spinner } from '@web/components/spinner';
import { isNotFound, useSubscription } from './api/get-subscription';
import { LoadFailed } from './subscription-panels';
import { subscriptionPriceText, subscriptionStatusText } from './subscription-status';

type Outcome = { heading: string; text: string; icon: ReactNode };

// The checkout's success and cancel addresses end in these statuses (server: startCheckout).
function outcomeOf(status: string): Outcome {
  if (status === 'success') {
    return {
      heading: "You're subscribed!",
      text: 'Thank you for supporting your facilitator. Your new practices are waiting for you.',
      icon: <CheckCircleIcon className="size-10 text-brand-700" aria-hidden="true" />,
    };
  }
  if (status === 'cancelled') {
    return {
      heading: 'Checkout cancelled',
      text: "No payment was taken. You can come back to this plan whenever you're ready.",
      icon: <InformationCircleIcon className="size-10 text-stone-500" aria-hidden="true" />,
    };
  }
  return { heading: 'Your checkout', text: 'Here is where your checkout stands.', icon: <InformationCircleIcon className="size-10 text-stone-500" aria-hidden="true" /> };
}

/** /subscription/{id}/{status} (spec 02 §2 Subscription result page); id is the tier's after a checkout. */
export function SubscriptionResultPage() {
  const { id = '', status = '' } = useParams();
  const [search] = useSearchParams();
  const sessionId = search.get('session_id');
  const succeeded = status === 'success';
  // With Stripe the webhook may land a moment after the redirect: keep asking while it answers 404.
  const subscription = useSubscription(id, { awaitConfirmation: succeeded });
  const outcome = outcomeOf(status);

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl space-y-6">
      <title>{`${outcome.heading} · Tend`}</title>
      <header className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-8 text-center shadow-sm">
        {outcome.icon}
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          {outcome.heading}
        </h1>
        <p className="max-w-md text-sm text-stone-600 sm:text-base">{outcome.text}</p>
      </header>

      {subscription.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {subscription.failureCount > 0 ? 'Confirming your payment…' : 'Loading your subscription…'}
        </p>
      ) : subscription.isError ? (
        isNotFound(subscription.error) ? (
          <NotFoundYet awaitingPayment={succeeded} onRetry={() => subscription.refetch()} />
        ) : (
          <LoadFailed message="We could not load your subscription." onRetry={() => subscription.refetch()} />
        )
      ) : (
        <SubscriptionDetails subscription={subscription.data} />
      )}

      <CheckoutReference status={status} id={id} sessionId={sessionId} />

      <nav aria-label="Where to next" className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        {subscription.data?.isActive && subscription.data.tier.type === 'single' && (
          <Link to={`/course/${encodeURIComponent(subscription.data.tier._id)}`} className={buttonStyles()}>
            Open your course
          </Link>
        )}
        <Link to="/subscriptions#active" className={buttonStyles({ variant: succeeded ? 'primary' : 'secondary' })}>
          View My Subscriptions
        </Link>
        <Link to="/" className={buttonStyles({ variant: 'secondary' })}>
          Go to your daily practice
        </Link>
      </nav>
    </section>
  );
}

function SubscriptionDetails({ subscription: sub }: { subscription: SubscriptionAnswer }) {
  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="details-title" className="text-base font-semibold text-stone-900">
        Your subscription
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-3 text-sm">
        <Detail term="Plan">{sub.tier.name}</Detail>
        <Detail term="Facilitator">
          <Link to={`/profile/${encodeURIComponent(sub.facilitator._id)}`} className="text-brand-800 underline-offset-2 hover:underline">
            {sub.facilitator.name}
          </Link>
        </Detail>
        <Detail term="Price">{subscriptionPriceText(sub)}</Detail>
        <Detail term="Status">{subscriptionStatusText(sub)}</Detail>
      </dl>
    </section>
  );
}

function NotFoundYet({ awaitingPayment, onRetry }: { awaitingPayment: boolean; onRetry: () => unknown }) {
  return (
    <div role="status" className="flex flex-col items-center gap-3 rounded-2xl border border-stone-200 bg-white px-6 py-8 text-center shadow-sm">
      <p className="max-w-md text-sm text-stone-700">
        {awaitingPayment
          ? "We're still confirming your payment with our payment provider. This can take a minute."
          : 'You have no subscription to this plan.'}
      </p>
      {awaitingPayment && (
        <Button variant="secondary" size="sm" onClick={onRetry}>
          Check again
        </Button>
      )}
    </div>
  );
}

/** The route's status and id and the checkout session, for support questions (spec 02 §2). */
function CheckoutReference({ status, id, sessionId }: { status: string; id: string; sessionId: string | null }) {
  return (
    <section aria-labelledby="reference-title" className="rounded-2xl border border-stone-200 bg-stone-50 px-5 py-4 text-sm">
      <h2 id="reference-title" className="font-semibold text-stone-800">
        Checkout details
      </h2>
      <dl className="mt-2 grid gap-2 sm:grid-cols-3">
        <Detail term="Checkout status">{status}</Detail>
        <Detail term="Reference">
          <code className="break-all">{id}</code>
        </Detail>
        <Detail term="Checkout session">{sessionId ? <code className="break-all">{sessionId}</code> : 'None'}</Detail>
      </dl>
    </section>
  );
}

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-stone-500">{term}</dt>
      <dd className="font-medium break-words text-stone-900">{children}</dd>
    </div>
  );
}
