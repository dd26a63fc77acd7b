import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const explore = async (token: string, query = '') =>
  (await call(t.app, 'GET', `/api/app/facilitators${query}`, undefined, token)).json();
const names = async (token: string, search: string) =>
  (await explore(token, `?search=${encodeURIComponent(search)}`)).facilitators
    .map((f: { name: string }) => f.name)
    .sort();

describe('GET app/facilitators (Explore)', () => {
  it('lists facilitators only, by name, with the card fields and nothing private', async () => {
    const member = await buildUser(t.db, { name: 'Zed Member' });
    await buildFacilitator(t.db, { name: 'Aria Stone', facilitatorCategory: 'Yoga' });
    const page = await explore(member.token);
    expect(page.facilitators.map((f: { name: string }) => f.name)).toContain('Aria Stone');
    expect(page.facilitators.map((f: { name: string }) => f.name)).not.toContain('Zed Member');
    expect(Object.keys(page.facilitators[0]).sort()).toEqual(['_id', 'facilitatorCategory', 'name', 'profilePicture']);
  });

  it('searches category, bio and published tiers case-insensitively and literally', async () => {
    const { token } = await buildUser(t.db);
    await buildFacilitator(t.db, { name: 'Bea Breath', facilitatorCategory: 'Breathwork', bio: 'Calm nights.' });
    await buildFacilitator(t.db, {
      name: 'Cal Bio',
      facilitatorCategory: 'Coaching',
      bio: 'I teach 100% presence_first.',
    });
    const tiered = await buildFacilitator(t.db, { name: 'Dee Tiers', facilitatorCategory: 'Movement', bio: '' });
    await buildTier(t.db, tiered.user.id, {
      name: 'Sunrise Mobility',
      description: 'Gentle stretching',
      published: true,
    });
    const hidden = await buildFacilitator(t.db, { name: 'Eve Draft', facilitatorCategory: 'Movement', bio: '' });
    await buildTier(t.db, hidden.user.id, { name: 'Secret Program', published: false });

    expect(await names(token, 'BREATHWORK')).toEqual(['Bea Breath']);
    expect(await names(token, 'calm NIGHTS')).toEqual(['Bea Breath']);
    expect(await names(token, 'stretching')).toEqual(['Dee Tiers']);
    expect(await names(token, 'secret program')).toEqual([]);
    expect(await names(token, '100%')).toEqual(['Cal Bio']);
    expect(await names(token, 'e_f')).toEqual(['Cal Bio']);
    expect(await names(token, '0%_')).toEqual([]);
    expect(await names(token, '.*')).toEqual([]);
  });

  it('finds a facilitator by name or username, and lists name matches before the others', async () => {
    const { token } = await buildUser(t.db);
    await buildFacilitator(t.db, { name: 'Maya Lindqvist', username: 'maya_l', facilitatorCategory: 'Meditation' });
    await buildFacilitator(t.db, { name: 'Omar Reyes', username: 'stillwater', facilitatorCategory: 'Yoga' });
    await buildFacilitator(t.db, { name: 'Abe Amaya', username: 'abe', bio: 'Trained with Maya for years.' });
    expect(await names(token, 'Maya')).toEqual(['Abe Amaya', 'Maya Lindqvist']);
    expect(await names(token, 'STILLWATER')).toEqual(['Omar Reyes']);
    // 'Abe Amaya' matches by name ('amaya'); a bio-only match would come after every name match
    const ranked = (await explore(token, '?search=trained%20with%20maya')).facilitators.map(
      (f: { name: string }) => f.name,
    );
    expect(ranked).toEqual(['Abe Amaya']);
    await buildFacilitator(t.db, { name: 'Aaron Bio', username: 'aaron', bio: 'I studied with lindqvist.' });
    const order = (await explore(token, '?search=lindqvist')).facilitators.map((f: { name: string }) => f.name);
    expect(order).toEqual(['Maya Lindqvist', 'Aaron Bio']);
    // the cursor keeps that order across pages
    const first = await explore(token, '?search=lindqvist&limit=1');
    const second = await explore(token, `?search=lindqvist&limit=1&cursor=${first.next}`);
    expect([first.facilitators[0].name, second.facilitators[0].name]).toEqual(['Maya Lindqvist', 'Aaron Bio']);
    expect(second.next).toBeNull();
  });

  it('pages with a keyset cursor by name, no one twice, and refuses bad input and visitors', async () => {
    const { token } = await buildUser(t.db);
    for (const n of ['Pat One', 'Pat Two', 'Pat Three', 'Pat Four', 'Pat Five'])
      await buildFacilitator(t.db, { name: n, facilitatorCategory: 'Patience' });
    const first = await explore(token, '?search=patience&limit=2');
    const second = await explore(token, `?search=patience&limit=2&cursor=${first.next}`);
    const third = await explore(token, `?search=patience&limit=2&cursor=${second.next}`);
    const seen = [...first.facilitators, ...second.facilitators, ...third.facilitators].map(
      (f: { name: string }) => f.name,
    );
    expect(seen).toEqual(['Pat Five', 'Pat Four', 'Pat One', 'Pat Three', 'Pat Two']);
    expect(third.next).toBeNull();
    expect((await call(t.app, 'GET', '/api/app/facilitators?cursor=nonsense', undefined, token)).statusCode).toBe(400);
    // a search's cursor (group, name, id) is no cursor of the whole list (name, id)
    const searchCursor = `/api/app/facilitators?cursor=${first.next}`;
    expect((await call(t.app, 'GET', searchCursor, undefined, token)).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/app/facilitators')).statusCode).toBe(401);
  });

  it('pages the whole list without a search by name, each facilitator once, to the end', async () => {
    const { token } = await buildUser(t.db);
    for (const n of ['Wren A', 'Wren B', 'Wren C', 'Wren D', 'Wren E', 'Wren F', 'Wren G'])
      await buildFacilitator(t.db, { name: n });
    const everyone = (await explore(token, '?limit=60')).facilitators.map((f: { _id: string }) => f._id);
    const paged: string[] = [];
    let next: string | null = null;
    do {
      const page: { facilitators: { _id: string }[]; next: string | null } = await explore(
        token,
        `?limit=3${next ? `&cursor=${next}` : ''}`,
      );
      paged.push(...page.facilitators.map((f) => f._id));
      next = page.next;
    } while (next);
    expect(everyone.length).toBeGreaterThan(6);
    expect(paged).toEqual(everyone);
  });

  it('uses the trigram indexes for a search over many facilitators', async () => {
    await t.db.execute(sql`
      insert into users (name, username, email, password_hash, is_facilitator, facilitator_category, bio)
      select 'Bulk ' || i, 'bulk_' || i, 'bulk_' || i || '@example.test', 'x', true, 'Category ' || (i % 50), 'Bio number ' || i
      from generate_series(1, 3000) as i`);
    await t.db.execute(sql`analyze users`);
    // one connection for both statements (a pool could split them); the planner may use the
    // trigram indexes at all only if they match the query's expressions
    const plan = await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return (await tx.execute(
        sql`explain select id from users where lower(facilitator_category) like '%zzcategoryzz%' or lower(bio) like '%zzcategoryzz%'`,
      )) as unknown as {
        rows: Record<string, string>[];
      };
    });
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toContain('users_category_trgm_idx');
    expect(text).toContain('users_bio_trgm_idx');
  });
});
