import { describe, expect, it } from 'vitest';
import type { ReleaseTier } from './release';
import { decodeReleaseCursor, encodeReleaseCursor, releasePage, releaseSchedule, tierOrder } from './release-order';

const tier = (over: Partial<ReleaseTier> = {}): ReleaseTier => ({
  id: 't1',
  releaseAllContent: false,
  contentQueue: [],
  contentQueueFrequency: 1,
  ...over,
});
const clock = { now: new Date('2026-11-24T12:00:00Z'), timeZone: 'UTC' };
const created = (minute: number) => new Date(Date.UTC(2026, 10, 20, 8, minute));

describe('releaseSchedule', () => {
  it('reads a course in queue order although later lessons were created last', () => {
    const course = tier({ releaseAllContent: true, contentQueue: ['l1', 'l2', 'l3'] });
    const contents = ['l3', 'l2', 'l1'].map((id, i) => ({
      id,
      tiers: ['t1'],
      postedDate: null,
      createdAt: created(10 - i),
    }));
    const schedule = releaseSchedule(
      contents,
      new Map([['t1', course]]),
      [{ tierId: 't1', startDay: '2026-11-22' }],
      clock,
    );
    expect(schedule.map((r) => r.contentId)).toEqual(['l1', 'l2', 'l3']);
    expect(schedule.every((r) => r.day === '2026-11-22' && r.queueDay === null)).toBe(true);
  });

  it('reads posted course lessons in the order they were posted', () => {
    const course = tier({ releaseAllContent: true });
    const contents = [3, 1, 2].map((n) => ({ id: `l${n}`, tiers: ['t1'], postedDate: created(n) }));
    const schedule = releaseSchedule(
      contents,
      new Map([['t1', course]]),
      [{ tierId: 't1', startDay: '2026-11-20' }],
      clock,
    );
    expect(schedule.map((r) => r.contentId)).toEqual(['l1', 'l2', 'l3']);
  });

  it('gives a drip queue its Day N and release day, oldest first', () => {
    const daily = tier({ contentQueue: ['a', 'b', 'c', 'd'], contentQueueFrequency: 2 });
    const contents = ['d', 'c', 'b', 'a'].map((id) => ({ id, tiers: ['t1'], postedDate: null }));
    const schedule = releaseSchedule(
      contents,
      new Map([['t1', daily]]),
      [{ tierId: 't1', startDay: '2026-11-20' }],
      clock,
    );
    expect(schedule.map((r) => [r.contentId, r.queueDay, r.day])).toEqual([
      ['a', 1, '2026-11-20'],
      ['b', 3, '2026-11-22'],
      ['c', 5, '2026-11-24'],
    ]);
  });

  it('places dated items on their day among queue items', () => {
    const daily = tier({ contentQueue: ['a', 'b'] });
    const contents = [
      { id: 'a', tiers: ['t1'], postedDate: null },
      { id: 'b', tiers: ['t1'], postedDate: null },
      { id: 'news', tiers: ['t1'], postedDate: new Date('2026-11-23T07:00:00Z') },
    ];
    const schedule = releaseSchedule(
      contents,
      new Map([['t1', daily]]),
      [{ tierId: 't1', startDay: '2026-11-23' }],
      clock,
    );
    expect(schedule.map((r) => r.contentId)).toEqual(['a', 'news', 'b']);
  });
});

describe('tierOrder', () => {
  it('puts queued items first in queue order, then the rest by time', () => {
    const contents = [
      { id: 'x', tiers: ['t1'], postedDate: created(5) },
      { id: 'q2', tiers: ['t1'], postedDate: null, createdAt: created(1) },
      { id: 'q1', tiers: ['t1'], postedDate: null, createdAt: created(2) },
      { id: 'w', tiers: ['t1'], postedDate: null, createdAt: created(3) },
    ];
    expect(tierOrder(contents, { contentQueue: ['q1', 'q2'] }).map((c) => c.id)).toEqual(['q1', 'q2', 'w', 'x']);
  });
});

describe('releasePage', () => {
  const ordered = releaseSchedule(
    ['a', 'b', 'c', 'd', 'e'].map((id) => ({ id, tiers: ['t1'], postedDate: null })),
    new Map([['t1', tier({ contentQueue: ['a', 'b', 'c', 'd', 'e'] })]]),
    [{ tierId: 't1', startDay: '2026-11-01' }],
    clock,
  );
  it('pages forward by keyset until the end', () => {
    const first = releasePage(ordered, null, 2, (r) => r);
    expect(first.items.map((r) => r.contentId)).toEqual(['a', 'b']);
    const second = releasePage(ordered, decodeReleaseCursor(first.nextCursor!), 2, (r) => r);
    expect(second.items.map((r) => r.contentId)).toEqual(['c', 'd']);
    const last = releasePage(ordered, decodeReleaseCursor(second.nextCursor!), 2, (r) => r);
    expect(last.items.map((r) => r.contentId)).toEqual(['e']);
    expect(last.nextCursor).toBeNull();
  });
  it('round-trips a cursor and rejects a malformed one', () => {
    const key = { day: '2026-11-01', position: 3, at: 0, contentId: 'a-b' };
    expect(decodeReleaseCursor(encodeReleaseCursor(key))).toEqual(key);
    expect(decodeReleaseCursor('nonsense')).toBeNull();
  });
});
