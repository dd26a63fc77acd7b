import { useId, useState, type ReactNode } from 'react';
import { RectangleStackIcon } from '@heroicons/react/24/outline';
import { describeOfferDiscount, describeOfferPrice, type OfferTerms } from '@common/offers/terms';
import { dollarsToCents } from '@common/money';
import { type BillingInterval, priceParts, trialThenText } from '@common/tiers/intervals';
import type { TierAnswer } from '@common/tiers/schemas';
import { TendImage } from '@web/components/tend-image';
import { OFFER_TEXTS } from './offer-texts';
import { PlanIncludes } from './plan-includes';
import { PriceChoice } from './price-choice';
import { PLAN_TYPE_LABELS } from './subscription-texts';
import clsx from 'clsx';

type PlanCardProps = {
  tier: TierAnswer;
  /**
   * The plan's button, given the id of the plan's name and the interval chosen (a plan with
   * several prices); nothing for the plan's owner.
   */
  action?: (titleId: string, interval: BillingInterval) => ReactNode;
  /** An offer that applies to this plan: the card shows the price with it. */
  offer?: { code: string; terms: OfferTerms };
};

/** Profile plans: a published tier with its picture, label, price (per interval), trial and button. */
export function PlanCard({ tier, action, offer }: PlanCardProps) {
  const titleId = useId();
  const prices = tier.prices ?? [];
  // the default price first; the member may choose another interval when there are several
  const [interval, setChosenInterval] = useState<BillingInterval>(tier.interval);
  const chosen = prices.find((p) => p.interval === interval);
  // the plan as the chosen price bills it: its amount and interval
  const priced = chosen ? { ...tier, price: chosen.price, interval: chosen.interval } : tier;
  const price = priceParts(priced);
  // an offer (a trial's days or a discount) takes the place of the plan's own trial
  const trial = offer ? null : trialThenText(priced);
  const choosing = prices.length > 1;
  const placeholder = (
    <span
      aria-hidden="true"
      className="flex h-24 w-full items-center justify-center bg-brand-50 text-brand-700 sm:h-32"
    >
      <RectangleStackIcon className="size-9" />
    </span>
  );
  return (
    <article
      aria-labelledby={titleId}
      className="flex h-full flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm"
    >
      <TendImage path={tier.thumbnail} size="sm" alt="" className="aspect-video w-full" fallback={placeholder} />
      <div className="flex flex-1 flex-col gap-2 p-4 sm:p-5">
        <p>
          <span
            className={clsx(
              'px-2 py-0.5',
              'rounded-full bg-brand-50 text-xs font-semibold text-brand-800 ring-1 ring-brand-600/20 ring-inset',
            )}
          >
            {PLAN_TYPE_LABELS[tier.type]}
          </span>
        </p>
        <h3 id={titleId} className="text-lg font-semibold break-words text-stone-900">
          {tier.name}
        </h3>
        {tier.description && <p className="text-sm whitespace-pre-line text-stone-600">{tier.description}</p>}
        <PlanIncludes tier={tier} labelId={`${titleId}-includes`} />
        {choosing && (
          <div className="mt-auto pt-2">
            <PriceChoice prices={prices} value={interval} onChange={setChosenInterval} />
          </div>
        )}
        {offer && tier.price > 0 ? (
          <OfferPrice
            tier={priced}
            offer={offer}
            usual={`${price.amount}${price.per ? ` ${price.per}` : ''}`}
            first={!choosing}
          />
        ) : (
          <p className={clsx(choosing ? 'pt-1' : 'mt-auto pt-2', 'text-xl font-semibold text-stone-900')}>
            {price.amount}
            {price.per && <span className="text-sm font-normal text-stone-500"> {price.per}</span>}
          </p>
        )}
        {trial && <p className="text-sm font-medium text-brand-800">{trial}</p>}
        {action && <div className="pt-2">{action(titleId, interval)}</div>}
      </div>
    </article>
  );
}

/** The price with an offer: its badge, what it gives, and the usual price struck through. */
function OfferPrice({
  tier,
  offer,
  usual,
  first,
}: {
  tier: TierAnswer;
  offer: NonNullable<PlanCardProps['offer']>;
  usual: string;
  /** the first thing under the plan's text (no price choice above it): pushed to the card's foot */
  first: boolean;
}) {
  const withOffer = describeOfferPrice(offer.terms, {
    amountCents: dollarsToCents(tier.price),
    interval: tier.interval,
    recurring: tier.type === 'subscription',
  });
  return (
    <div className={clsx(first ? 'mt-auto pt-2' : 'pt-1', 'space-y-1')}>
      <p>
        <span className="rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-600/30 ring-inset">
          {OFFER_TEXTS.badge(offer.code)}
        </span>{' '}
        <span className="text-sm text-stone-700">{describeOfferDiscount(offer.terms)}</span>
      </p>
      <p className="text-xl font-semibold text-stone-900">{withOffer}</p>
      <p className="text-sm text-stone-500">
        {OFFER_TEXTS.was}: <s>{usual}</s>
      </p>
    </div>
  );
}
