import { describe, expect, it, vi } from 'vitest';
import * as time from '../time';
import { releaseSchedule } from './release-order';
import { practicesForToday, releaseContext, releasedContentIds, type ReleaseTier } from './release';

vi.mock('../time', async (original) => {
  const actual = await original<typeof import('../time')>();
  return {
    ...actual,
    localDay: vi.fn(actual.localDay),
    addDays: vi.fn(actual.addDays),
    daysBetween: vi.fn(actual.daysBetween),
  };
});

/** An array whose element and method reads are counted: `indexOf`/`includes` over it read every element. */
function counted<T>(items: T[], reads: { n: number }): T[] {
  return new Proxy(items, {
    get(target, key, receiver) {
      reads.n++;
      return Reflect.get(target, key, receiver);
    },
  });
}

/**
 * A member with `plans` subscriptions of `perPlan`-long queues (plus two dated items per plan):
 * the content x subscriptions shape of GET app/content (scripts/bench-content.ts times it on a server).
 */
function library(plans: number, perPlan: number, reads: { n: number }) {
  const tiers = new Map<string, ReleaseTier>();
  const contents: { id: string; tiers: string[]; postedDate: Date | null; createdAt: Date }[] = [];
  const createdAt = new Date('2026-01-01T00:00:00Z');
  for (let p = 0; p < plans; p++) {
    const queue: string[] = [];
    for (let i = 0; i < perPlan; i++) {
      contents.push({ id: `p${p}-${i}`, tiers: [`t${p}`], postedDate: null, createdAt });
      queue.push(`p${p}-${i}`);
    }
    for (let d = 0; d < 2; d++) {
      const postedDate = new Date(Date.parse('2026-11-20T08:00:00Z') - d * 30 * 3_600_000 - p * 60_000);
      contents.push({ id: `p${p}-dated${d}`, tiers: [`t${p}`], postedDate, createdAt });
    }
    const tier = {
      id: `t${p}`,
      releaseAllContent: false,
      contentQueue: counted(queue, reads),
      contentQueueFrequency: 1,
    };
    tiers.set(tier.id, tier);
  }
  const subscriptions = counted(
    Array.from({ length: plans }, (_, p) => ({
      tierId: `t${p}`,
      startDay: `2026-${p < 10 ? '10' : '09'}-0${(p % 9) + 1}`,
    })),
    reads,
  );
  return { tiers, contents, subscriptions };
}

const clock = { now: new Date('2026-11-20T12:00:00Z'), timeZone: 'Europe/Berlin' };

/** Runs what one GET app/content asks of the engine; counts queue and subscription reads and localDay calls. */
function work(plans: number, perPlan: number) {
  const reads = { n: 0 };
  const { tiers, contents, subscriptions } = library(plans, perPlan, reads);
  const localDay = vi.mocked(time.localDay);
  const dayMath = [vi.mocked(time.addDays), vi.mocked(time.daysBetween)];
  localDay.mockClear();
  for (const f of dayMath) f.mockClear();
  reads.n = 0;
  const context = releaseContext(clock);
  const schedule = releaseSchedule(contents, tiers, subscriptions, context);
  const today = practicesForToday(contents, tiers, subscriptions, context);
  const ids = releasedContentIds(contents, tiers, subscriptions, context);
  const dayMathCalls = dayMath.reduce((n, f) => n + f.mock.calls.length, 0);
  return { reads: reads.n, localDays: localDay.mock.calls.length, dayMathCalls, schedule, today, ids };
}

describe('the release engine at 20 plans x 200 items', () => {
  it('reads each queue and the subscriptions a bounded number of times, not once per item', () => {
    const { reads, schedule, today, ids } = work(20, 200);
    expect(schedule.length).toBeGreaterThan(500);
    expect(today.length).toBeGreaterThanOrEqual(20);
    expect(ids.size).toBe(schedule.length);
    // building one position map per queue reads each of the 4,000 queued ids a few times; an
    // `indexOf` or `includes` per item and subscription (the quadratic engine) reads millions
    const size = 20 * 200 + 20;
    expect(reads).toBeLessThan(6 * size);
  });

  it('computes today once and each dated item’s local day at most once', () => {
    const { localDays } = work(20, 200);
    // today, plus one per dated item (2 per plan), whatever the number of subscriptions
    expect(localDays).toBeLessThanOrEqual(1 + 20 * 2);
  });

  it('works out calendar-day arithmetic per subscription and per distinct day, not per item', () => {
    const { dayMathCalls, schedule } = work(20, 200);
    // twice per distinct start day (its day number today, its day since 1970) and once per
    // distinct release day: 18 + 18 + 81 = 117 here, for 1,287 releases. A date parsed and
    // formatted per item and subscription was 9,267 calls and most of the engine's time
    // (GET app/content-history reads a member's whole library)
    expect(schedule.length).toBeGreaterThan(1000);
    expect(dayMathCalls).toBeLessThan(300);
  });

  it('grows linearly: twice the plans cost at most a little over twice the reads', () => {
    const small = work(10, 200);
    const large = work(20, 200);
    expect(large.reads).toBeLessThan(2.2 * small.reads);
    expect(large.localDays).toBeLessThanOrEqual(2 * small.localDays + 1);
  });
});
