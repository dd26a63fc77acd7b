import { type BillingInterval, monthlyEquivalentCents } from '../tiers/intervals';

/** How many months a gift may hold. */
export const GIFT_MONTHS = [1, 3, 6, 12] as const;

/**
 * A gift's price: the months times the tier's monthly equivalent, rounded to cents once per
 * month (a yearly $120 tier is $10 a month, a weekly $5 tier $21.67 a month). The server charges
 * it and the dialog shows it, so both read this one rule.
 */
export const giftPriceCents = (tier: { priceCents: number; interval: BillingInterval }, months: number) =>
  months * monthlyEquivalentCents(tier.priceCents, tier.interval);

/**
 * When a gift claimed at `claimedAt` ends: the same time of day, `months` calendar months later
 * (UTC), on the month's last day when the later month is shorter (Jan 31 + 1 month: Feb 28/29).
 */
export function giftEndsAt(claimedAt: Date, months: number): Date {
  const end = new Date(claimedAt);
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, lastDay));
  return end;
}
