/** How often a tier's session credits renew: its billing interval, or a month for a free tier or a course. */
export type CreditUnit = 'week' | 'month' | 'year';
export type CreditPeriod = { start: Date; end: Date };

const DAY = 86_400_000;

/** `anchor` moved by `n` units (n may be negative); a month end is clamped (31 Jan + 1 month = 28/29 Feb). */
export function addUnits(anchor: Date, n: number, unit: CreditUnit): Date {
  if (unit === 'week') return new Date(anchor.getTime() + n * 7 * DAY);
  const months = unit === 'year' ? n * 12 : n;
  const target = new Date(anchor.getTime());
  target.setUTCDate(1);
  target.setUTCMonth(target.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(anchor.getUTCDate(), lastDay));
  return target;
}

/**
 * The billing period holding `now`: the periods are `anchor` plus whole units, forwards and
 * backwards (a paid subscription's anchor is the end of its current period, which the provider
 * moves by one unit at each renewal, so the same periods come out before and after it).
 */
export function periodAt(anchor: Date, unit: CreditUnit, now: Date): CreditPeriod {
  const size = unit === 'week' ? 1 : unit === 'year' ? 12 : 1;
  let n =
    unit === 'week'
      ? Math.floor((now.getTime() - anchor.getTime()) / (7 * DAY))
      : Math.floor(
          ((now.getUTCFullYear() - anchor.getUTCFullYear()) * 12 + now.getUTCMonth() - anchor.getUTCMonth()) / size,
        );
  while (addUnits(anchor, n, unit) > now) n -= 1;
  while (addUnits(anchor, n + 1, unit) <= now) n += 1;
  return { start: addUnits(anchor, n, unit), end: addUnits(anchor, n + 1, unit) };
}

/**
 * Where a subscription's credit periods are counted from: a paid one's current period end and its
 * tier's billing interval; a free subscription or a course (no billing period) calendar months
 * from its start day.
 */
export function creditAnchor(
  sub: { startDate: string; currentPeriodEnd: Date | null; provider: string; billingInterval?: CreditUnit | null },
  tier: { type: string; billingInterval: CreditUnit },
): { anchor: Date; unit: CreditUnit } {
  // a paid subscription's period is that of the price it is on (a yearly price of a monthly plan: a year)
  if (sub.provider !== 'free' && tier.type === 'subscription' && sub.currentPeriodEnd)
    return { anchor: sub.currentPeriodEnd, unit: sub.billingInterval ?? tier.billingInterval };
  return { anchor: new Date(`${sub.startDate}T00:00:00.000Z`), unit: 'month' };
}
