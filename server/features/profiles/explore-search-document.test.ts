import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tiers, users } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

// Explore's search reads a search document kept by triggers (migration 0033); these
// tests hold it to the query it replaced: every text tested on its own, name matches first.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startTestApp();
  token = (await buildUser(t.db, { name: 'Sunny Member', bio: 'sun river calm' })).token;
});
afterAll(() => t.close());

/** Every page of a search, two at a time (the cursor crosses from name matches to the others). */
async function explored(search: string) {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query: string = `?search=${encodeURIComponent(search)}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
    const page: { facilitators: { _id: string }[]; next: string | null } = (
      await call(t.app, 'GET', `/api/app/facilitators${query}`, undefined, token)
    ).json();
    ids.push(...page.facilitators.map((f: { _id: string }) => f._id));
    cursor = page.next;
  } while (cursor);
  return ids;
}

/** The query before the search document: lower() and LIKE on each text of each facilitator. */
async function perText(search: string) {
  const p = `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const named = sql`lower(u.name || ' ' || u.username) like ${p}`;
  const result = (await t.db.execute(sql`
    select u.id::text as id from users u
    where u.is_facilitator and (${named} or lower(u.facilitator_category) like ${p} or lower(u.bio) like ${p}
      or exists (select 1 from tiers t where t.user_id = u.id and t.published
                 and lower(t.name || ' ' || t.description) like ${p}))
    order by case when ${named} then 0 else 1 end, u.name, u.id`)) as unknown as { rows: { id: string }[] };
  return result.rows.map((r) => r.id);
}

const searches = [
  'sun',
  'SUN',
  'river',
  'Calm',
  'e s',
  '100%',
  '%',
  'a_b',
  '_',
  '\\',
  'yoga nidra',
  'deep rest',
  'ΣΟΦΙΑ',
  'a\u0001b',
  'nothing-like-this',
  'mindful morning',
  'mindfulqmorning',
  'ul m',
  'q m',
];

async function expectSameAsBefore() {
  for (const search of searches) {
    expect(await explored(search), search).toEqual(await perText(search));
  }
}

describe('Explore search document', () => {
  it('answers every search as the per-text query did, in the same order, across pages', async () => {
    await buildFacilitator(t.db, { name: 'Rose', username: 'sunny_rose', facilitatorCategory: 'Yoga', bio: 'Nidra' });
    await buildFacilitator(t.db, { name: 'Sun Lee', username: 'lee', bio: 'By the RIVER, 100% calm' });
    await buildFacilitator(t.db, { name: 'sun lee', username: 'lee2', bio: 'a_b and a\u0001b' });
    await buildFacilitator(t.db, { name: 'Ana', username: 'ana', bio: 'Sunrise walks' });
    await buildFacilitator(t.db, { name: 'Σοφία', username: 'sofia', bio: 'back\\slash' });
    const tiered = await buildFacilitator(t.db, { name: 'Zoe Tiers', username: 'zoe', bio: '' });
    await buildTier(t.db, tiered.user.id, { name: 'Deep', description: 'Rest and river sounds', published: true });
    await buildTier(t.db, tiered.user.id, { name: 'Hidden SUN', description: '100%', published: false });
    const other = await buildFacilitator(t.db, { name: 'Bo', username: 'bo', facilitatorCategory: 'Calm' });
    await buildTier(t.db, other.user.id, { name: 'Sunset flow', description: 'a_b_c', published: true });

    // several words (queries.ts spanWords): the phrase only, not each word apart, nor a literal q
    const phrase = await buildFacilitator(t.db, { name: 'Ida', username: 'ida', bio: 'A MINDFUL Morning walk' });
    await buildFacilitator(t.db, { name: 'Jo', username: 'jo', bio: 'mindful days', facilitatorCategory: 'Morning' });
    const q = await buildFacilitator(t.db, { name: 'Kit', username: 'kit', bio: 'mindfulqmorning  morning q m' });

    await expectSameAsBefore();
    expect(await explored('mindful morning')).toEqual([phrase.user.id]);
    expect(await explored('mindfulqmorning')).toEqual([q.user.id]);
    expect((await explored('yoga nidra')).length).toBe(0);
    expect(await explored('deep rest')).toEqual([tiered.user.id]);
    expect(await explored('e s')).toContain((await t.db.select().from(users).where(eq(users.name, 'Rose')))[0]!.id);
  });

  it('follows a rename, a new tier, an unpublished and a deleted tier, and a new bio', async () => {
    const guide = await buildFacilitator(t.db, { name: 'Quill Marsh', username: 'quill', bio: '' });
    expect(await explored('quill')).toEqual([guide.user.id]);

    await t.db.update(users).set({ name: 'Wren Marsh' }).where(eq(users.id, guide.user.id));
    expect(await explored('wren')).toEqual([guide.user.id]);
    expect(await explored('quill marsh')).toEqual([]);

    const tier = await buildTier(t.db, guide.user.id, { name: 'Kestrel Mornings', description: 'x', published: true });
    expect(await explored('kestrel')).toEqual([guide.user.id]);
    await t.db.update(tiers).set({ published: false }).where(eq(tiers.id, tier.id));
    expect(await explored('kestrel')).toEqual([]);
    await t.db.update(tiers).set({ published: true, description: 'Heron dusk' }).where(eq(tiers.id, tier.id));
    expect(await explored('heron')).toEqual([guide.user.id]);
    await t.db.delete(tiers).where(eq(tiers.id, tier.id));
    expect(await explored('heron')).toEqual([]);

    await t.db
      .update(users)
      .set({ bio: 'Plover song', facilitatorCategory: 'Birding' })
      .where(eq(users.id, guide.user.id));
    expect(await explored('plover')).toEqual([guide.user.id]);
    expect(await explored('birding')).toEqual([guide.user.id]);
    await expectSameAsBefore();
  });

  it('a search can use the trigram index of the texts with spaces as q, with the same answer', async () => {
    await t.db.execute(sql`
      insert into users (name, username, email, password_hash, is_facilitator, facilitator_category, bio)
      select 'Many ' || i, 'many_' || i, 'many_' || i || '@example.test', 'x', true, 'Yoga',
             'A mindful plan for every morning, number ' || i
      from generate_series(1, 2000) as i`);
    await t.db.execute(sql`analyze facilitator_search`);
    // the planner may use the index at all only if it matches the query's expression
    // (queries.ts searchTableHas); one connection for both statements
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const words = sql`replace(s.document, ' ', 'q') like '%mindfulqmorning%'`;
      return (await tx.execute(sql`explain select s.user_id from facilitator_search s
        where s.document like '%mindful morning%' and ${words}`)) as unknown as { rows: Record<string, string>[] };
    });
    expect(plan.rows.map((r) => Object.values(r)[0]).join('\n')).toContain('facilitator_search_words_trgm_idx');
    expect(await explored('mindful morning')).toEqual(await perText('mindful morning'));
    expect(await explored('every morning')).toEqual(await perText('every morning'));
  });
});
