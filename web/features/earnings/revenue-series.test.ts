import { describe, expect, it } from 'vitest';
import type { RevenueAnswer } from '@common/payments/schemas';
import { buildRevenueChart, TIER_COLORS, windowDates } from './revenue-series';

const MORNING = '7d3c5a2e-1b4f-4c8a-9e6d-0a1b2c3d4e5f';
const COURSE = '0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f';

/** Local noon of a calendar day as the server sends it (ISO), so tests pass in any time zone. */
const localNoon = (date: string) => new Date(`${date}T12:00:00`).toISOString();

const week: RevenueAnswer = {
  period: 'week',
  from: localNoon('2025-03-03'),
  to: localNoon('2025-03-10'),
  buckets: [
    { date: '2025-03-04', tierId: MORNING, tier: 'Morning Circle', amount: 1200 },
    { date: '2025-03-04', tierId: COURSE, tier: 'Evening Course', amount: 4950 },
    { date: '2025-03-07', tierId: MORNING, tier: 'Morning Circle', amount: 2400 },
  ],
  tiers: [
    { _id: MORNING, name: 'Morning Circle' },
    { _id: COURSE, name: 'Evening Course' },
  ],
};

describe('windowDates', () => {
  it('lists every day from the start of the window to today for week and month', () => {
    expect(windowDates('week', week.from, week.to)).toEqual([
      '2025-03-03',
      '2025-03-04',
      '2025-03-05',
      '2025-03-06',
      '2025-03-07',
      '2025-03-08',
      '2025-03-09',
      '2025-03-10',
    ]);
    expect(windowDates('month', localNoon('2025-02-10'), localNoon('2025-03-10'))).toHaveLength(29);
  });

  it('lists the 1st of every month for year', () => {
    const months = windowDates('year', localNoon('2024-03-10'), localNoon('2025-03-10'));
    expect(months).toHaveLength(13);
    expect(months[0]).toBe('2024-03-01');
    expect(months.at(-1)).toBe('2025-03-01');
  });

  it('gives nothing for a window it cannot read', () => {
    expect(windowDates('week', 'not a date', week.to)).toEqual([]);
    expect(windowDates('week', week.to, week.from)).toEqual([]);
  });
});

describe('buildRevenueChart', () => {
  it('makes one series per tier, in dollars, with every missing day filled with 0', () => {
    const chart = buildRevenueChart(week);
    expect(chart.series.map((s) => s.name)).toEqual(['Morning Circle', 'Evening Course']);
    expect(chart.series.map((s) => s.color)).toEqual([TIER_COLORS[0], TIER_COLORS[1]]);
    expect(chart.points).toHaveLength(8);
    expect(chart.points.map((p) => p.dollars)).toEqual([
      [0, 0],
      [12, 49.5],
      [0, 0],
      [0, 0],
      [24, 0],
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
  });

  it('labels days as MMM d and months as MMM yyyy', () => {
    expect(buildRevenueChart(week).points[1].label).toBe('Mar 4');
    const year = buildRevenueChart({
      ...week,
      period: 'year',
      from: localNoon('2024-03-10'),
      to: localNoon('2025-03-10'),
      buckets: [{ date: '2024-12-01', tierId: MORNING, tier: 'Morning Circle', amount: 3600 }],
    });
    expect(year.points[0].label).toBe('Mar 2024');
    const december = year.points.find((p) => p.date === '2024-12-01');
    expect(december).toMatchObject({ label: 'Dec 2024', dollars: [36, 0] });
  });

  it('adds up the totals per tier and for the period, in cents', () => {
    const chart = buildRevenueChart(week);
    expect(chart.series.map((s) => s.totalCents)).toEqual([3600, 4950]);
    expect(chart.totalCents).toBe(8550);
  });

  it('sums buckets of the same day and tier, and keeps a tier missing from the tier list', () => {
    const chart = buildRevenueChart({
      ...week,
      buckets: [
        { date: '2025-03-05', tierId: 'Old Tier', tier: 'Old Tier', amount: 500 },
        { date: '2025-03-05', tierId: 'Old Tier', tier: 'Old Tier', amount: 250 },
      ],
      tiers: [],
    });
    expect(chart.series).toEqual([{ tierId: 'Old Tier', name: 'Old Tier', color: TIER_COLORS[0], totalCents: 750 }]);
    expect(chart.points.find((p) => p.date === '2025-03-05')?.dollars).toEqual([7.5]);
  });

  it('keeps a bucket dated outside the local window instead of dropping it', () => {
    const chart = buildRevenueChart({
      ...week,
      buckets: [{ date: '2025-03-11', tierId: MORNING, tier: 'Morning Circle', amount: 100 }],
    });
    expect(chart.points.at(-1)).toMatchObject({ date: '2025-03-11', dollars: [1, 0] });
  });

  it('has no points and a zero total when there is no revenue and no window', () => {
    const chart = buildRevenueChart({ period: 'month', from: '', to: '', buckets: [], tiers: [] });
    expect(chart).toEqual({ period: 'month', series: [], points: [], totalCents: 0 });
  });
});
