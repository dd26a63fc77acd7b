import { sql } from 'drizzle-orm';
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

/** A member of `plans` daily queues of `items` each, a different number of days into each. */
async function queuedLibrary(plans: number, items: number) {
  const { user: owner } = await buildFacilitator(t.db);
  const { user: member } = await buildUser(t.db);
  await t.db.execute(sql`insert into tiers (user_id, name, type, price_cents)
    select ${owner.id}, 'Plan ' || p, 'subscription', 0 from generate_series(1, ${plans}) as p`);
  await t.db.execute(sql`insert into content (user_id, title, content_type, in_post_queue, created_at)
    select ${owner.id}, t.name || ' item ' || i, 'meditation', true, now() - interval '1 year' + i * interval '1 minute'
    from tiers t cross join generate_series(1, ${items}) as i where t.user_id = ${owner.id}`);
  await t.db.execute(sql`insert into content_tiers (content_id, tier_id)
    select c.id, t.id from content c join tiers t on c.title like t.name || ' item %'
    where t.user_id = ${owner.id} and c.user_id = ${owner.id}`);
  await t.db.execute(sql`update tiers t set content_queue = q.ids from (
      select ct.tier_id, array_agg(c.id order by c.created_at) as ids from content_tiers ct
      join content c on c.id = ct.content_id group by ct.tier_id) q
    where q.tier_id = t.id and t.user_id = ${owner.id}`);
  await t.db.execute(sql`insert into subscriptions (user_id, tier_id, start_date)
    select ${member.id}, t.id, current_date - (row_number() over (order by t.name) * 7)::int
    from tiers t where t.user_id = ${owner.id}`);
  return { member };
}

// two or more ids joined into one text (a queue); a lone id is a row's own key, not a list
const ID_LIST = /^[0-9a-f-]{36}(,[0-9a-f-]{36})+$/;

/** How many array elements (or ids joined in a text) the rows the database returns while `run` runs hold in all. */
async function returnedArrayValues(run: () => Promise<unknown>) {
  const client = (t.database.pool ?? t.database.pglite) as unknown as {
    query: (...args: unknown[]) => Promise<{ rows: unknown[] }>;
  };
  const original = client.query;
  let values = 0;
  const count = (value: unknown) => {
    if (Array.isArray(value)) values += value.length;
    // an array the driver left as text: '{a,b,c}'
    else if (typeof value === 'string' && value.startsWith('{') && value.endsWith('}'))
      values += value.length > 2 ? value.split(',').length : 0;
    // ids the query joined into one text: 'a,b,c'
    else if (typeof value === 'string' && ID_LIST.test(value)) values += value.split(',').length;
  };
  client.query = async function (this: unknown, ...args: unknown[]) {
    const result = await original.apply(this, args);
    for (const row of result.rows ?? []) for (const value of Object.values(row as object)) count(value);
    return result;
  };
  try {
    await run();
  } finally {
    client.query = original;
  }
  return values;
}

describe('content/library', () => {
  it("memberToday answers exactly memberLibrary's today, from the candidates only", async () => {
    const { member } = await mixedLibrary();
    const now = new Date();
    const full = (await memberLibrary(t.app.ctx, member, now)).today;
    const fast = await memberToday(t.app.ctx, member, now);
    expect(fast.map((r) => [r.content.id, r.release])).toEqual(full.map((r) => [r.content.id, r.release]));
    expect(fast.length).toBeGreaterThanOrEqual(3);
  });

  it("memberToday agrees with memberLibrary's today on every day of the queues' windows", async () => {
    const { member, owner } = await mixedLibrary();
    // a queue holding one item twice: its first place decides when it releases
    await t.db.execute(sql`update tiers set content_queue = content_queue || content_queue[1:2]
      where user_id = ${owner.id} and name = 'Daily'`);
    for (const days of [-2, 0, 1, 2, 5, 6, 7, 9, 14, 30]) {
      const now = new Date(Date.now() + days * 24 * hour);
      const full = (await memberLibrary(t.app.ctx, member, now)).today;
      const fast = await memberToday(t.app.ctx, member, now);
      expect(
        fast.map((r) => [r.content.id, r.release]),
        `${days} days on`,
      ).toEqual(full.map((r) => [r.content.id, r.release]));
    }
  });

  it('memberToday reads no whole queue: 20 queues of 200 items return a few dozen queue places', async () => {
    const { member } = await queuedLibrary(20, 200);
    const values = await returnedArrayValues(() => memberToday(t.app.ctx, member));
    // today's item of each of 20 subscriptions and the candidates' places; the whole queues are 4,000
    expect(values).toBeLessThan(200);
    // the counter sees queues: the whole library (memberLibrary, for past practices) reads all 4,000
    expect(await returnedArrayValues(() => memberLibrary(t.app.ctx, member))).toBeGreaterThanOrEqual(4000);
    const now = new Date();
    const full = (await memberLibrary(t.app.ctx, member, now)).today;
    expect((await memberToday(t.app.ctx, member, now)).map((r) => r.content.id)).toEqual(full.map((r) => r.content.id));
    expect(full.length).toBe(20);
  });

  it('answers an access check for one item as the whole library does, in three statements', async () => {
    const { member, items } = await mixedLibrary();
    const { released } = await memberLibrary(t.app.ctx, member);
    const ids = new Set(released.map((r) => r.content.id));
    for (const item of items) expect(await isReleasedTo(t.app.ctx, member, item.id)).toBe(ids.has(item.id));
    expect(ids.size).toBeGreaterThan(0);
    expect(ids.size).toBeLessThan(items.length);
    // the member's subscriptions to its tiers, its release facts there, and its session-recording grants
    const statements = await countQueries(t.database, () => canSeeContent(t.app.ctx, member, items[0]!));
    expect(statements).toBe(3);
  });

  it("reads each item's dates and tiers as the content rows hold them, microseconds cut to the millisecond", async () => {
    const { member, items } = await mixedLibrary();
    // stored with microseconds, as PostgreSQL keeps them; a Date holds the millisecond below
    await t.db.execute(sql`update content set created_at = '2026-03-01 23:59:59.999999+00',
      posted_date = case when posted_date is null then null else '2026-03-02 00:00:00.000999+00'::timestamptz end
      where id in ${items.map((i) => i.id)}`);
    const { released } = await memberLibrary(t.app.ctx, member);
    const rows = await t.db.query.content.findMany({ columns: { id: true, postedDate: true, createdAt: true } });
    const stored = new Map(rows.map((r) => [r.id, r]));
    const links = await t.db.query.contentTiers.findMany();
    expect(released.length).toBeGreaterThan(3);
    for (const r of released) {
      expect(r.content.createdAt).toEqual(stored.get(r.content.id)!.createdAt);
      expect(r.content.postedDate).toEqual(stored.get(r.content.id)!.postedDate);
      const tiers = links.filter((l) => l.contentId === r.content.id).map((l) => l.tierId);
      expect([...r.tierIds].sort()).toEqual(tiers.sort());
    }
    expect(released.some((r) => r.content.createdAt.toISOString() === '2026-03-01T23:59:59.999Z')).toBe(true);
    expect(released.some((r) => r.tierIds.length === 2)).toBe(true);
  });
});
