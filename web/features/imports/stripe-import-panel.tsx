import { useId, useState } from 'react';
import { ArrowPathIcon } from '@heroicons/react/24/outline';
import type { StripeImportPreviewAnswer, StripePriceMappings } from '@common/imports/stripe-import-schemas';
import { centsToDollars, formatUsd } from '@common/money';
import { ApiError } from '@web/api/client';
import { Button } from '@web/components/button';
import { ErrorPanel } from '@web/components/error-panel';
import { EmptyPanel, LoadFailed } from '@web/components/state-panels';
import { useRunStripeImport, useStripeImportPreview } from './api/stripe-import';
import { STRIPE_IMPORT_REASON_TEXTS } from './stripe-import-texts';

/** Refusals that mean the import is not available here (no provider, no linked account), not a failure. */
const NOT_AVAILABLE = new Set(['payments_not_set_up', 'stripe_account_not_linked']);

const priceText = (p: { amountCents: number; interval: string | null }) =>
  `${formatUsd(centsToDollars(p.amountCents))}${p.interval ? ` / ${p.interval}` : ''}`;

/**
 * "Bring your Stripe subscribers": the subscriptions on the facilitator's own Stripe account, what
 * bringing them over would do, a plan for each price Tend does not know, the run and its result.
 * Members keep paying where they pay now; nothing is charged.
 */
export function StripeImportPanel() {
  const preview = useStripeImportPreview();
  const run = useRunStripeImport();
  const [mappings, setMappings] = useState<StripePriceMappings>({});
  const headingId = useId();

  let body: React.ReactNode;
  if (preview.isPending) {
    body = (
      <div role="status" className="animate-pulse space-y-2 motion-reduce:animate-none">
        <span className="sr-only">Loading your Stripe subscriptions…</span>
        <div aria-hidden="true" className="h-5 w-2/3 rounded bg-stone-100" />
        <div aria-hidden="true" className="h-5 w-1/2 rounded bg-stone-100" />
      </div>
    );
  } else if (preview.isError) {
    const refusal = preview.error instanceof ApiError ? preview.error : undefined;
    body =
      refusal?.code && NOT_AVAILABLE.has(refusal.code) ? (
        <p className="text-sm text-stone-700">{refusal.serverMessage ?? refusal.message}</p>
      ) : (
        <LoadFailed message="We could not read your Stripe subscriptions." onRetry={() => preview.refetch()} />
      );
  } else if (preview.data.rows.length === 0) {
    body = <EmptyPanel title="No subscribers to bring">Your Stripe account has no running subscriptions.</EmptyPanel>;
  } else if (run.data) {
    body = <ImportResult result={run.data} />;
  } else {
    body = (
      <ImportPreview
        preview={preview.data}
        mappings={mappings}
        onMap={(priceId, tierId) =>
          setMappings((m) => {
            const next = { ...m };
            if (tierId) next[priceId] = tierId;
            else delete next[priceId];
            return next;
          })
        }
        running={run.isPending}
        error={run.error}
        onRun={() => run.mutateAsync(mappings)}
      />
    );
  }

  return (
    <section aria-labelledby={headingId} className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <h2 id={headingId} className="text-base font-semibold text-stone-900">
        Bring your Stripe subscribers
      </h2>
      <p className="mt-1 mb-4 text-sm text-stone-600">
        Members who already pay you on your Stripe account keep paying there and get their plan in Tend, without paying
        again. Their payment history stays in Stripe.
      </p>
      {body}
    </section>
  );
}

type PreviewProps = {
  preview: StripeImportPreviewAnswer;
  mappings: StripePriceMappings;
  onMap: (priceId: string, tierId: string) => void;
  running: boolean;
  error: unknown;
  onRun: () => Promise<unknown>;
};

function ImportPreview({ preview, mappings, onMap, running, error, onRun }: PreviewProps) {
  const planName = new Map(preview.plans.map((p) => [p.id, p.name]));
  const ready = preview.rows.filter(
    (r) => (!r.reason || (r.reason === 'unmatched_price' && r.priceId && mappings[r.priceId])) && r.email,
  ).length;
  return (
    <div className="space-y-5">
      {preview.unmatchedPrices.length > 0 && (
        <fieldset className="space-y-3">
          <legend className="text-sm font-semibold text-stone-900">Prices to link to a plan</legend>
          <p className="text-sm text-stone-600">
            Tend does not know these prices yet. Choose the plan each one pays for.
          </p>
          <ul className="space-y-3">
            {preview.unmatchedPrices.map((price) => (
              <li key={price.priceId} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <label htmlFor={`map-${price.priceId}`} className="text-sm text-stone-800">
                  {price.productName ?? price.priceId} · {priceText(price)} ·{' '}
                  {price.subscriptions === 1 ? '1 subscriber' : `${price.subscriptions} subscribers`}
                </label>
                <select
                  id={`map-${price.priceId}`}
                  value={mappings[price.priceId] ?? ''}
                  onChange={(e) => onMap(price.priceId, e.target.value)}
                  className="rounded-lg border border-stone-300 bg-white px-3 py-2 text-sm text-stone-900 sm:w-64"
                >
                  <option value="">Leave it in Stripe only</option>
                  {preview.plans.map((plan) => (
                    <option key={plan.id} value={plan.id}>
                      {plan.name}
                    </option>
                  ))}
                </select>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Subscriptions on your Stripe account</caption>
          <thead className="text-xs text-stone-600 uppercase">
            <tr>
              <th scope="col" className="py-2 pr-3 font-medium">
                Subscriber
              </th>
              <th scope="col" className="py-2 pr-3 font-medium">
                Plan in Tend
              </th>
              <th scope="col" className="py-2 font-medium">
                Tend account
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-stone-100">
            {preview.rows.map((row) => {
              const mapped = row.priceId ? mappings[row.priceId] : undefined;
              const plan = row.tierName ?? (mapped ? planName.get(mapped) : undefined);
              const reason = row.reason === 'unmatched_price' && mapped ? undefined : row.reason;
              return (
                <tr key={row.stripeSubscriptionId}>
                  <td className="py-2 pr-3 break-all text-stone-900">
                    {row.email ?? row.name ?? row.stripeCustomerId}
                  </td>
                  <td className="py-2 pr-3 text-stone-800">
                    {reason ? <span className="text-amber-900">{STRIPE_IMPORT_REASON_TEXTS[reason]}</span> : plan}
                  </td>
                  <td className="py-2 text-stone-700">{row.existingAccount ? 'Existing' : 'New'}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {error ? <ErrorPanel error={error} /> : null}
      <div className="flex flex-wrap items-center gap-3">
        <Button onClick={onRun} disabled={running || ready === 0}>
          {running ? (
            <>
              <ArrowPathIcon className="size-4 animate-spin motion-reduce:animate-none" aria-hidden="true" />
              Bringing them over…
            </>
          ) : (
            `Bring ${ready === 1 ? '1 subscriber' : `${ready} subscribers`} over`
          )}
        </Button>
        <p className="text-sm text-stone-600">New accounts get an email to choose a password.</p>
      </div>
    </div>
  );
}

function ImportResult({ result }: { result: import('@common/imports/stripe-import-schemas').StripeImportRunAnswer }) {
  return (
    <div role="status" className="space-y-3 text-sm">
      <p className="font-medium text-stone-900">
        {result.kept.length === 1 ? '1 subscriber keeps' : `${result.kept.length} subscribers keep`} their plan in Tend.
      </p>
      {result.skipped.length > 0 && (
        <div>
          <p className="text-stone-700">Left in Stripe only:</p>
          <ul className="mt-1 list-disc space-y-1 pl-5 text-stone-700">
            {result.skipped.map((s) => (
              <li key={s.stripeSubscriptionId}>
                <span className="break-all">{s.email ?? s.stripeSubscriptionId}</span>:{' '}
                {STRIPE_IMPORT_REASON_TEXTS[s.reason]}
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
