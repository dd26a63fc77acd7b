import { eachDayOfInterval, eachMonthOfInterval, format, isValid, parseISO, startOfDay, startOfMonth } from 'date-fns';
import { centsToDollars } from '@common/money';
import type { RevenueAnswer, RevenuePeriod } from '@common/payments/schemas';

/** One line of the chart: a tier and what it earned over the whole window. */
export type RevenueSeries = { tierId: string; name: string; color: string; totalCents: number };

/** One point on the x axis; `dollars[i]` is what series i earned in that bucket (0 when nothing). */
export type RevenuePoint = { date: string; label: string; dollars: number[] };

export type RevenueChartData = {
  period: RevenuePeriod;
  series: RevenueSeries[];
  points: RevenuePoint[];
  totalCents: number;
};

/**
 * Line colours: each at least 3:1 against white (WCAG 1.4.11) and apart in hue, so neighbouring
 * lines stay distinguishable; the legend and the summary table name every line as well.
 */
export const TIER_COLORS = [
  '#15803d',
  '#1d4ed8',
  '#b45309',
  '#be185d',
  '#6d28d9',
  '#0e7490',
  '#a16207',
  '#57534e',
] as const;

const DAY_KEY = 'yyyy-MM-dd';

/** Week and month bucket by day ('MMM d'), year by month ('MMM yyyy'). */
export const bucketLabel = (date: string, period: RevenuePeriod) =>
  format(parseISO(date), period === 'year' ? 'MMM yyyy' : 'MMM d');

/**
 * Every bucket of the window, oldest first, as the server keys them: each day from `from` to
 * `to`, or for year the 1st of each month. Missing buckets become zeros, so lines stay continuous.
 */
export function windowDates(period: RevenuePeriod, from: string, to: string): string[] {
  const start = new Date(from);
  const end = new Date(to);
  if (!isValid(start) || !isValid(end) || start > end) return [];
  const dates =
    period === 'year'
      ? eachMonthOfInterval({ start: startOfMonth(start), end: startOfMonth(end) })
      : eachDayOfInterval({ start: startOfDay(start), end: startOfDay(end) });
  return dates.map((d) => format(d, DAY_KEY));
}

/** The revenue answer as chart series: one per tier, every bucket of the window filled. */
export function buildRevenueChart(answer: RevenueAnswer): RevenueChartData {
  const names = new Map(answer.tiers.map((t) => [t._id, t.name]));
  // A bucket whose tier is missing from `tiers` still gets a line, named as the bucket names it.
  for (const b of answer.buckets) if (!names.has(b.tierId)) names.set(b.tierId, b.tier);
  const tierIds = [...names.keys()];
  const index = new Map(tierIds.map((id, i) => [id, i]));

  // The server buckets in the facilitator's time zone; a date outside the local window is kept, not lost.
  const dates = [
    ...new Set([...windowDates(answer.period, answer.from, answer.to), ...answer.buckets.map((b) => b.date)]),
  ].sort();
  const cents = new Map(dates.map((date) => [date, tierIds.map(() => 0)]));
  const totals = tierIds.map(() => 0);
  for (const b of answer.buckets) {
    const i = index.get(b.tierId)!;
    cents.get(b.date)![i] += b.amount;
    totals[i] += b.amount;
  }

  return {
    period: answer.period,
    series: tierIds.map((tierId, i) => ({
      tierId,
      name: names.get(tierId)!,
      color: TIER_COLORS[i % TIER_COLORS.length],
      totalCents: totals[i],
    })),
    points: dates.map((date) => ({
      date,
      label: bucketLabel(date, answer.period),
      dollars: cents.get(date)!.map(centsToDollars),
    })),
    totalCents: totals.reduce((sum, t) => sum + t, 0),
  };
}
