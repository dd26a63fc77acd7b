import { describe, expect, it } from 'vitest';
import { addDays } from '../time';
import {
  isReleasedInTier,
  practicesForToday,
  releaseContext,
  releasedContentIds,
  subscriptionDay,
  type ReleaseTier,
} from './release';
import { queueDayLabel, queueCadenceText, moveInQueue } from './queue';

const tier = (over: Partial<ReleaseTier> = {}): ReleaseTier => ({
  id: 't1',
  releaseAllContent: false,
  contentQueue: ['a', 'b', 'c', 'd'],
  contentQueueFrequency: 1,
  ...over,
});
const item = (id: string, postedDate: Date | null = null) => ({ id, tiers: ['t1'], postedDate });
const sub = (startDay: string) => ({ tierId: 't1', startDay });
const at = (iso: string, timeZone = 'UTC') => ({ now: new Date(iso), timeZone });

describe('queue labels', () => {
  it('labels position p as Day p * frequency + 1', () => {
    expect([0, 1, 2].map((p) => queueDayLabel(p, 1))).toEqual(['Day 1', 'Day 2', 'Day 3']);
    expect([0, 1, 2].map((p) => queueDayLabel(p, 2))).toEqual(['Day 1', 'Day 3', 'Day 5']);
    expect([0, 1, 2].map((p) => queueDayLabel(p, 7))).toEqual(['Day 1', 'Day 8', 'Day 15']);
  });
  it('describes the cadence', () => {
    expect(queueCadenceText(1)).toBe('Releases day-by-day to new subscribers');
    expect(queueCadenceText(7)).toBe('Releases every 7 days to new subscribers');
  });
  it('moves items up and down, ignoring moves past the ends', () => {
    expect(moveInQueue(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveInQueue(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveInQueue(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveInQueue(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('subscriptionDay', () => {
  it('is 1 on the start day and counts calendar days', () => {
    expect(subscriptionDay('2026-11-20', '2026-11-20')).toBe(1);
    expect(subscriptionDay('2026-11-20', '2026-11-22')).toBe(3);
    expect(subscriptionDay('2026-02-27', '2026-03-01')).toBe(3);
    expect(subscriptionDay('2026-11-20', '2026-11-19')).toBe(0);
  });
});

describe("a request's context answers day arithmetic as common/time.ts does", () => {
  const context = releaseContext(at('2026-03-30T12:00:00Z', 'Europe/Berlin'));
  it.each([
    ['2026-11-01', 0],
    ['2026-11-01', 29],
    ['2026-11-01', -400],
    ['2024-02-28', 1],
    ['2024-02-28', 2],
    ['1969-12-31', 1],
    ['1900-03-01', -1],
    ['2026-03-28', 2],
  ])('%s plus %i days', (day, days) => {
    expect(context.addDays(day, days)).toBe(addDays(day, days));
    // asked again, the kept answer
    expect(context.addDays(day, days)).toBe(addDays(day, days));
  });
  it.each(['2026-03-30', '2026-03-29', '2026-04-02', '2025-03-30', '1999-12-31'])(
    'the subscription day of a start on %s',
    (startDay) => {
      expect(context.dayOfSubscription(startDay)).toBe(subscriptionDay(startDay, context.today));
    },
  );
});

describe('queue drip', () => {
  it.each([
    // frequency, days since start -> how many queue positions are released
    [1, 0, 1],
    [1, 1, 2],
    [1, 3, 4],
    [2, 0, 1],
    [2, 1, 1],
    [2, 2, 2],
    [7, 6, 1],
    [7, 7, 2],
    [7, 14, 3],
  ])('frequency %i, %i days in: %i released', (frequency, daysIn, count) => {
    const t = tier({ contentQueueFrequency: frequency });
    const now = new Date(Date.parse('2026-11-01T12:00:00Z') + daysIn * 86_400_000);
    const released = ['a', 'b', 'c', 'd'].filter((id) =>
      isReleasedInTier(item(id), t, sub('2026-11-01'), { now, timeZone: 'UTC' }),
    );
    expect(released).toEqual(['a', 'b', 'c', 'd'].slice(0, count));
  });

  it('releases nothing before the subscription starts', () => {
    expect(isReleasedInTier(item('a'), tier(), sub('2026-11-23'), at('2026-11-22T12:00:00Z'))).toBe(false);
  });

  it('turns the day at midnight in the member zone, not UTC', () => {
    // 23:30 UTC on the 21st is already the 22nd in Auckland (UTC+13) but still the 21st in New York
    const now = '2026-11-21T23:30:00Z';
    expect(isReleasedInTier(item('b'), tier(), sub('2026-11-21'), at(now, 'Pacific/Auckland'))).toBe(true);
    expect(isReleasedInTier(item('b'), tier(), sub('2026-11-21'), at(now, 'America/New_York'))).toBe(false);
  });

  it('reads positions from the queue as it is now when the facilitator reorders it', () => {
    // two days in: positions 0 and 1 are unlocked; moving 'd' to the front swaps what they hold
    const clock = at('2026-11-02T08:00:00Z');
    const before = releasedContentIds(
      ['a', 'b', 'c', 'd'].map((id) => item(id)),
      new Map([['t1', tier()]]),
      [sub('2026-11-01')],
      clock,
    );
    const reordered = tier({ contentQueue: ['d', 'a', 'b', 'c'] });
    const after = releasedContentIds(
      ['a', 'b', 'c', 'd'].map((id) => item(id)),
      new Map([['t1', reordered]]),
      [sub('2026-11-01')],
      clock,
    );
    expect([...before].sort()).toEqual(['a', 'b']);
    expect([...after].sort()).toEqual(['a', 'd']);
    expect(after.size).toBe(before.size);
  });
});

describe('scheduled, post-now and courses', () => {
  const outOfQueue = tier({ contentQueue: [] });
  it('releases scheduled content at its postedDate', () => {
    const scheduled = item('s', new Date('2026-11-22T09:00:00Z'));
    expect(isReleasedInTier(scheduled, outOfQueue, sub('2026-10-01'), at('2026-11-22T08:59:59Z'))).toBe(false);
    expect(isReleasedInTier(scheduled, outOfQueue, sub('2026-10-01'), at('2026-11-22T09:00:00Z'))).toBe(true);
  });
  it('keeps undated content outside the queue a draft', () => {
    expect(isReleasedInTier(item('x'), outOfQueue, sub('2026-10-01'), at('2026-11-22T09:00:00Z'))).toBe(false);
  });
  it('releases all content of a course at once', () => {
    const course = tier({ releaseAllContent: true });
    expect(isReleasedInTier(item('d'), course, sub('2026-11-22'), at('2026-11-22T00:00:01Z'))).toBe(true);
  });
  it('never releases content of a tier the subscription is not for', () => {
    expect(
      isReleasedInTier(
        { id: 'a', tiers: ['other'], postedDate: null },
        tier(),
        sub('2026-11-01'),
        at('2026-11-22T00:00:00Z'),
      ),
    ).toBe(false);
  });
});

describe('practicesForToday', () => {
  const tiers = new Map([['t1', tier({ contentQueueFrequency: 2, contentQueue: ['a', 'b'] })]]);
  const contents = [
    item('a'),
    item('b'),
    item('onThe3rd', new Date('2026-11-03T07:00:00Z')),
    item('onThe2nd', new Date('2026-11-02T07:00:00Z')),
  ];
  it('holds the queue item whose window contains today plus content dated today', () => {
    expect(practicesForToday(contents, tiers, [sub('2026-11-01')], at('2026-11-02T10:00:00Z'))).toEqual([
      'a',
      'onThe2nd',
    ]);
    expect(practicesForToday(contents, tiers, [sub('2026-11-01')], at('2026-11-03T10:00:00Z'))).toEqual([
      'b',
      'onThe3rd',
    ]);
  });
  it('is empty once the queue has run out and nothing is dated today', () => {
    expect(practicesForToday(contents, tiers, [sub('2026-11-01')], at('2026-11-09T10:00:00Z'))).toEqual([]);
  });
  it('does not show content scheduled for later today before its time', () => {
    expect(practicesForToday(contents, tiers, [sub('2026-11-01')], at('2026-11-03T06:00:00Z'))).toEqual(['b']);
  });
});
