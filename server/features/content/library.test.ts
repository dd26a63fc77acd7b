import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { countQueries } from '../../test/query-count';
import { startTestApp, type TestApp } from '../../test/harness';
import { canSeeContent, isReleasedTo, memberLibrary, memberToday } from './library';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const hour = 3_600_000;

/**
 * A member of a daily queue (3 days in), a weekly queue, and a course, each with items posted
 * today, yesterday and in the future, one item shared by two tiers.
 */
async function mixedLibrary() {
  const { user: owner } = await buildFacilitator(t.db);
  const daily = await buildTier(t.db, owner.id, { name: 'Daily' });
  const weekly = await buildTier(t.db, owner.id, { name: 'Weekly', contentQueueFrequency: 7 });
  const course = await buildTier(t.db, owner.id, { name: 'Course', type: 'single', releaseAllContent: true });
  const items = [];
  for (let i = 0; i < 5; i++) items.push(await buildContent(t.db, owner.id, [daily.id], { title: `Daily ${i}` }));
  items.push(await buildContent(t.db, owner.id, [weekly.id, daily.id], { title: 'Shared' }));
  items.push(await buildContent(t.db, owner.id, [weekly.id], { title: 'Weekly 1' }));
  const dated = (title: string, tierIds: string[], msAgo: number) =>
    buildContent(t.db, owner.id, tierIds, { title, queued: false, postedDate: new Date(Date.now() - msAgo) });
  items.push(await dated('Posted now', [daily.id], 0));
  items.push(await dated('Posted yesterday', [weekly.id], 30 * hour));
  items.push(await dated('Posted next week', [daily.id], -7 * 24 * hour));
  items.push(await dated('Course lesson today', [course.id], 60_000));
  items.push(await dated('Course lesson old', [course.id], 90 * 24 * hour));
  items.push(await buildContent(t.db, owner.id, [daily.id], { title: 'Draft', queued: false }));
  const { user: member } = await buildUser(t.db);
  await buildSubscription(t.db, member.id, daily.id, { daysAgo: 3 });
  await buildSubscription(t.db, member.id, weekly.id, { daysAgo: 8 });
  await buildSubscription(t.db, member.id, course.id, { daysAgo: 1 });
  return { owner, member, items };
}

describe('content/library (issue 19 §3)', () => {
  it("memberToday answers exactly memberLibrary's today, from the candidates only", async () => {
    const { member } = await mixedLibrary();
    const now = new Date();
    const full = (await memberLibrary(t.app.ctx, member, now)).today;
    const fast = await memberToday(t.app.ctx, member, now);
    expect(fast.map((r) => [r.content.id, r.release])).toEqual(full.map((r) => [r.content.id, r.release]));
    expect(fast.length).toBeGreaterThanOrEqual(3);
  });

  it('answers an access check for one item as the whole library does, in two statements', async () => {
    const { member, items } = await mixedLibrary();
    const { released } = await memberLibrary(t.app.ctx, member);
    const ids = new Set(released.map((r) => r.content.id));
    for (const item of items) expect(await isReleasedTo(t.app.ctx, member, item.id)).toBe(ids.has(item.id));
    expect(ids.size).toBeGreaterThan(0);
    expect(ids.size).toBeLessThan(items.length);
    const statements = await countQueries(t.database, () => canSeeContent(t.app.ctx, member, items[0]!));
    expect(statements).toBe(2);
  });
});
