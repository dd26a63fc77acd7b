import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { CheckCircleIcon, ExclamationTriangleIcon, InformationCircleIcon } from '@heroicons/react/24/outline';
import type { CheckoutResultAnswer } from '@common/payments/checkout-result';
import { Button } from '@web/components/button';
import { buttonStyles } from '@web/components/button-styles';
import { dateTimeText } from '@web/components/dates';
import { Spinner } from '@web/components/spinner';
import { useCheckoutResult } from './api/get-checkout-result';
import { isNotFound, useSubscription } from './api/get-subscription';
import { LoadFailed } from './subscription-panels';
import { subscriptionPriceText, subscriptionStatusText } from './subscription-status';
import { RESULT_TEXTS } from './subscription-texts';
import { PageTitle } from '@web/components/page-title';
import clsx from 'clsx';
import { centredCardStyles } from '@web/components/card-styles';

type Outcome = { heading: string; text: string; tone: 'done' | 'info' | 'warning' };

/** What the page says, from the address's status and what the server knows of the checkout. */
function outcomeOf(status: string, result: CheckoutResultAnswer | undefined, missing: boolean): Outcome {
  if (missing || (status !== 'success' && status !== 'cancelled'))
    return { heading: RESULT_TEXTS.unknown, text: RESULT_TEXTS.unknownText, tone: 'warning' };
  if (!result) return { heading: RESULT_TEXTS.loadingHeading, text: '', tone: 'info' };
  if (status === 'cancelled')
    return { heading: RESULT_TEXTS.cancelled, text: RESULT_TEXTS.cancelledText(result.name), tone: 'info' };
  if (result.checkout === 'refunded')
    return { heading: RESULT_TEXTS.refunded, text: RESULT_TEXTS.refundedText, tone: 'warning' };
  if (!result.owned) return { heading: RESULT_TEXTS.confirming, text: RESULT_TEXTS.confirmingText, tone: 'info' };
  const when = result.startTime ? dateTimeText(result.startTime, { withZone: true }) : '';
  return {
    heading: RESULT_TEXTS.done[result.kind],
    text: RESULT_TEXTS.doneText[result.kind](result.name, result.facilitator.name, when),
    tone: 'done',
  };
}

const ICONS = {
  done: <CheckCircleIcon className="size-10 text-brand-700" aria-hidden="true" />,
  info: <InformationCircleIcon className="size-10 text-stone-500" aria-hidden="true" />,
  warning: <ExclamationTriangleIcon className="size-10 text-amber-600" aria-hidden="true" />,
};

/**
 * /subscription/{id}/{status} (Subscription result page): every checkout returns here,
 * `id` being the tier's or the session's. It says what was bought (Subscribed, Course purchased,
 * Session booked), a cancelled or unknown checkout plainly, and offers the next step.
 */
export function SubscriptionResultPage() {
  const { id = '', status = '' } = useParams();
  const [search] = useSearchParams();
  const checkoutId = search.get('session_id');
  const succeeded = status === 'success';
  const result = useCheckoutResult(id, checkoutId, { awaitConfirmation: succeeded });
  const data = result.data;
  const missing = result.isError && isNotFound(result.error);
  const outcome = outcomeOf(status, data, missing);
  const held = succeeded && data?.owned === true;
  const confirming = succeeded && data !== undefined && !data.owned && data.checkout !== 'refunded';

  return (
    <section aria-labelledby="page-title" className="mx-auto w-full max-w-2xl space-y-6">
      <PageTitle>{outcome.heading}</PageTitle>
      <header className={clsx(centredCardStyles, 'py-8')}>
        {ICONS[outcome.tone]}
        <h1 id="page-title" className="text-2xl font-semibold tracking-tight text-stone-900 sm:text-3xl">
          {outcome.heading}
        </h1>
        {outcome.text && <p className="max-w-md text-sm text-stone-600 sm:text-base">{outcome.text}</p>}
        {confirming && (
          <p role="status" className="flex items-center gap-2 text-sm text-stone-600">
            {result.isFetching ? <Spinner className="size-4 text-brand-700" /> : null}
            {result.isFetching ? RESULT_TEXTS.checking : RESULT_TEXTS.stillConfirming}
            {!result.isFetching && (
              <Button variant="secondary" size="sm" onClick={() => result.refetch()}>
                {RESULT_TEXTS.checkAgain}
              </Button>
            )}
          </p>
        )}
      </header>

      {result.isPending ? (
        <p role="status" className="flex items-center justify-center gap-2 py-6 text-sm text-stone-600">
          <Spinner className="size-5 text-brand-700" />
          {RESULT_TEXTS.loading}
        </p>
      ) : result.isError && !missing ? (
        <LoadFailed message={RESULT_TEXTS.loadFailed} onRetry={() => result.refetch()} />
      ) : data ? (
        <PurchaseDetails result={data} held={held} />
      ) : null}

      {checkoutId && <CheckoutReference status={status} checkoutId={checkoutId} />}

      <NextSteps status={status} result={data} held={held} />
    </section>
  );
}

function NextSteps({
  status,
  result,
  held,
}: {
  status: string;
  result: CheckoutResultAnswer | undefined;
  held: boolean;
}) {
  const primary = buttonStyles();
  const secondary = buttonStyles({ variant: 'secondary' });
  let first: ReactNode = null;
  if (held && result?.kind === 'course' && result.tierId) {
    first = (
      <Link to={`/course/${encodeURIComponent(result.tierId)}`} className={primary}>
        {RESULT_TEXTS.openCourse}
      </Link>
    );
  } else if (held && result?.kind === 'session') {
    // the member's own profile lists their upcoming sessions with the meeting link
    first = (
      <Link to="/profile" className={primary}>
        {RESULT_TEXTS.viewSession}
      </Link>
    );
  } else if (status === 'cancelled' && result) {
    first = (
      <Link to={`/profile/${encodeURIComponent(result.facilitator._id)}`} className={primary}>
        {RESULT_TEXTS.backTo(result.facilitator.name)}
      </Link>
    );
  }
  return (
    <nav aria-label={RESULT_TEXTS.nextLabel} className="flex flex-col gap-3 sm:flex-row sm:justify-center">
      {first}
      <Link to="/subscriptions#active" className={first ? secondary : primary}>
        {RESULT_TEXTS.mySubscriptions}
      </Link>
      {held && result?.kind === 'subscription' && (
        <Link to="/" className={secondary}>
          {RESULT_TEXTS.dailyPractice}
        </Link>
      )}
    </nav>
  );
}

function PurchaseDetails({ result, held }: { result: CheckoutResultAnswer; held: boolean }) {
  // a held plan or course: its price and status as My Subscriptions shows them
  const subscription = useSubscription(result.tierId ?? '', { enabled: held && result.tierId !== null });
  const sub = subscription.data;
  return (
    <section aria-labelledby="details-title" className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
      <h2 id="details-title" className="text-base font-semibold text-stone-900">
        {(held ? RESULT_TEXTS.detailsTitle : RESULT_TEXTS.aboutTitle)[result.kind]}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-3 text-sm min-[420px]:grid-cols-2">
        <Detail term={RESULT_TEXTS.nameTerm[result.kind]}>{result.name}</Detail>
        <Detail term="Facilitator">
          <Link
            to={`/profile/${encodeURIComponent(result.facilitator._id)}`}
            className="text-brand-800 underline-offset-2 hover:underline"
          >
            {result.facilitator.name}
          </Link>
        </Detail>
        {result.startTime && <Detail term="Starts">{dateTimeText(result.startTime, { withZone: true })}</Detail>}
        {sub && <Detail term="Price">{subscriptionPriceText(sub)}</Detail>}
        {sub && <Detail term="Status">{subscriptionStatusText(sub)}</Detail>}
      </dl>
    </section>
  );
}

/** The checkout's status and provider session id, for support questions. */
function CheckoutReference({ status, checkoutId }: { status: string; checkoutId: string }) {
  return (
    <section
      aria-labelledby="reference-title"
      className="rounded-2xl border border-stone-200 bg-stone-50 px-5 py-4 text-sm"
    >
      <h2 id="reference-title" className="font-semibold text-stone-800">
        {RESULT_TEXTS.referenceTitle}
      </h2>
      <dl className="mt-2 grid gap-2 sm:grid-cols-2">
        <Detail term="Checkout status">{status}</Detail>
        <Detail term="Checkout session">
          <code className="break-all">{checkoutId}</code>
        </Detail>
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
