import { z } from 'zod';
import { BillingInterval } from './intervals';

/** One price of a subscription tier, as it travels (dollars, like the tier's `price`). */
export const TierPriceAnswer = z.object({
  id: z.string(),
  interval: BillingInterval,
  price: z.number(),
  default: z.boolean(),
  /**
   * what a subscriber saves on this price against the default one, in whole percent rounded down,
   * for a price billed less often than the default; null otherwise or when it saves nothing
   */
  savingPercent: z.number().int().nullable(),
});
export type TierPriceAnswer = z.infer<typeof TierPriceAnswer>;

/** How many months one period of an interval lasts (a year is 52 weeks and 12 months). */
const MONTHS: Record<BillingInterval, number> = { week: 12 / 52, month: 1, year: 12 };

/** Shorter intervals first: week, month, year. */
const ORDER: Record<BillingInterval, number> = { week: 0, month: 1, year: 2 };

/**
 * The saving of a price billed every `interval` against the default price, in whole percent
 * rounded down: comparing what each costs a month. Only a longer interval than the default's
 * saves (a shorter one is a convenience); null when it is not longer or costs as much or more.
 */
export function savingPercent(
  price: { interval: BillingInterval; cents: number },
  base: { interval: BillingInterval; cents: number },
): number | null {
  if (ORDER[price.interval] <= ORDER[base.interval] || base.cents <= 0) return null;
  // the ratio of the monthly costs, kept exact as far as the division allows
  const ratio = (price.cents * MONTHS[base.interval]) / (base.cents * MONTHS[price.interval]);
  const percent = Math.floor((1 - ratio) * 100 + 1e-9);
  return percent > 0 ? percent : null;
}

type PriceRow = { id: string; interval: BillingInterval; amountCents: number; isDefault: boolean };

/** A tier's prices as they travel, shorter intervals first, each longer one with its saving against the default. */
export function presentPrices(rows: PriceRow[]): TierPriceAnswer[] {
  const base = rows.find((r) => r.isDefault);
  return [...rows]
    .sort((a, b) => ORDER[a.interval] - ORDER[b.interval])
    .map((r) => ({
      id: r.id,
      interval: r.interval,
      price: r.amountCents / 100,
      default: r.isDefault,
      savingPercent:
        base && !r.isDefault
          ? savingPercent(
              { interval: r.interval, cents: r.amountCents },
              { interval: base.interval, cents: base.amountCents },
            )
          : null,
    }));
}
