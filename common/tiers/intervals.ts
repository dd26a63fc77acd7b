import { z } from 'zod';
import { formatUsd } from '../money';
import { FREE_PRICE_TEXT } from './messages';

/** Named option list subscriptionIntervals: how often a subscription tier bills. */
export const BILLING_INTERVALS = ['week', 'month', 'year'] as const;
export const BillingInterval = z.enum(BILLING_INTERVALS);
export type BillingInterval = z.infer<typeof BillingInterval>;

/** The option list's labels. */
export const BILLING_INTERVAL_LABELS: Record<BillingInterval, string> = {
  week: 'Weekly',
  month: 'Monthly',
  year: 'Annually',
};

/** A subscription tier's kind in a list ('Monthly subscription'). */
export const SUBSCRIPTION_KIND_LABELS: Record<BillingInterval, string> = {
  week: 'Weekly subscription',
  month: 'Monthly subscription',
  year: 'Yearly subscription',
};

/** After a price: '$12 / month'. */
export const PER_INTERVAL: Record<BillingInterval, string> = { week: '/ week', month: '/ month', year: '/ year' };

/** How many of an interval fit in a month, on average (a year is 52 weeks and 12 months). */
const PER_MONTH: Record<BillingInterval, number> = { week: 52 / 12, month: 1, year: 1 / 12 };

/** A recurring price as its monthly equivalent (MRR counts a yearly plan as a twelfth a month). */
export const monthlyEquivalentCents = (cents: number, interval: BillingInterval) =>
  Math.round(cents * PER_MONTH[interval]);

/** How long one billing period lasts, in days (test mode's renewals; Stripe keeps its own calendar). */
export const PERIOD_DAYS: Record<BillingInterval, number> = { week: 7, month: 30, year: 365 };

/** Free-trial days a subscription tier may offer (0: none). */
export const TrialDays = z.coerce.number().int('Whole days').min(0, 'Cannot be negative').max(365, 'At most 365 days');

/** How the test checkout names the billing ('Every month, until you cancel'). */
export const EVERY_INTERVAL: Record<BillingInterval, string> = {
  week: 'Every week',
  month: 'Every month',
  year: 'Every year',
};

/** '$12 / month', '$9.50 / week', '$120 / year'. */
export const priceWithInterval = (dollars: number, interval: BillingInterval) =>
  `${formatUsd(dollars)} ${PER_INTERVAL[interval]}`;

type Priced = { price: number; type: 'subscription' | 'single'; interval: BillingInterval };

/**
 * A tier's price as plans and cards show it: 'Free' at 0; a paid subscription's amount
 * with its interval ('/ year'); a course's amount alone, as it is paid once. Parts, for cards that
 * style the interval apart from the amount.
 */
export function priceParts({ price, type, interval }: Priced): { amount: string; per: string | null } {
  if (price === 0) return { amount: FREE_PRICE_TEXT, per: null };
  return { amount: formatUsd(price), per: type === 'subscription' ? PER_INTERVAL[interval] : null };
}

/** The same price as one text: 'Free', '$12 / month', '$40'. */
export function priceText(tier: Priced): string {
  const { amount, per } = priceParts(tier);
  return per ? `${amount} ${per}` : amount;
}

/** '7-day free trial' on a paid subscription's plan card; null when there is none to offer. */
export function trialText({ price, type, trialDays }: Omit<Priced, 'interval'> & { trialDays: number }): string | null {
  if (type !== 'subscription' || price === 0 || trialDays <= 0) return null;
  return `${trialDays}-day free trial`;
}

/**
 * What a paid subscription with a free trial costs, in one line for the plan card, the checkout
 * page and the provider's checkout: '7 days free, then $12 / month'; null without a trial.
 */
export function trialThenText(tier: Priced & { trialDays: number }): string | null {
  if (!trialText(tier)) return null;
  const days = `${tier.trialDays} ${tier.trialDays === 1 ? 'day' : 'days'} free`;
  return `${days}, then ${priceWithInterval(tier.price, tier.interval)}`;
}
