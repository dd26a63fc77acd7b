import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { content, tiers } from '../../db/schema';
import { buildContent, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const queueOf = async (tierId: string) =>
  (await t.db.select().from(tiers).where(eq(tiers.id, tierId)))[0]!.contentQueue;

async function facilitatorWithTiers() {
  const f = await buildFacilitator(t.db);
  return {
    ...f,
    tierA: await buildTier(t.db, f.user.id),
    tierB: await buildTier(t.db, f.user.id, { name: 'Evening' }),
  };
}

describe('saving content', () => {
  it('adds queued content (the default) to the end of each chosen tier queue', async () => {
    const { token, tierA, tierB, user } = await facilitatorWithTiers();
    const first = await buildContent(t.db, user.id, [tierA.id]);
    const res = await call(
      t.app,
      'POST',
      '/api/app/content/new',
      { title: 'Body scan', contentType: 'meditation', tiers: [tierA.id, tierB.id] },
      token,
    );
    expect(res.statusCode).toBe(200);
    const saved = res.json();
    expect(saved).toMatchObject({
      title: 'Body scan',
      inPostQueue: true,
      postNow: false,
      postedDate: null,
      hitCount: 0,
    });
    expect(saved.tiers.sort()).toEqual([tierA.id, tierB.id].sort());
    expect(await queueOf(tierA.id)).toEqual([first.id, saved._id]);
    expect(await queueOf(tierB.id)).toEqual([saved._id]);
  });

  it('posts now with a posted date and keeps the queue untouched', async () => {
    const { token, tierA } = await facilitatorWithTiers();
    const res = await call(
      t.app,
      'POST',
      '/api/app/content',
      { title: 'Now', contentType: 'reading', tiers: [tierA.id], postNow: true },
      token,
    );
    expect(res.json()).toMatchObject({ postNow: true, inPostQueue: false, postedDate: expect.any(String) });
    expect(await queueOf(tierA.id)).toEqual([]);
  });

  it('schedules for a date', async () => {
    const { token, tierA } = await facilitatorWithTiers();
    const postedDate = '2026-12-24T08:00:00.000Z';
    const res = await call(
      t.app,
      'POST',
      '/api/app/content/new',
      { title: 'Solstice', contentType: 'journal', tiers: [tierA.id], postedDate },
      token,
    );
    expect(res.json()).toMatchObject({ postedDate, inPostQueue: false, postNow: false });
  });

  it.each([
    ['no tiers', { title: 'x', contentType: 'reading', tiers: [] }, 'Please assign to one or more tiers'],
    [
      'no title',
      { title: ' ', contentType: 'reading', tiers: ['00000000-0000-4000-8000-000000000000'] },
      'Title is required',
    ],
    [
      'two scheduling modes',
      {
        title: 'x',
        contentType: 'reading',
        tiers: ['00000000-0000-4000-8000-000000000000'],
        inPostQueue: true,
        postNow: true,
      },
      'Choose one way',
    ],
    [
      'an unknown content type',
      { title: 'x', contentType: 'dance', tiers: ['00000000-0000-4000-8000-000000000000'] },
      '',
    ],
  ])('answers 400 for %s and saves nothing', async (_l, body, message) => {
    const { token, user } = await facilitatorWithTiers();
    const res = await call(t.app, 'POST', '/api/app/content/new', body, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(content).where(eq(content.userId, user.id))).toHaveLength(0);
  });

  it("refuses another facilitator's tier with 403 and saves nothing", async () => {
    const { token, user } = await facilitatorWithTiers();
    const other = await facilitatorWithTiers();
    const res = await call(
      t.app,
      'POST',
      '/api/app/content/new',
      { title: 'x', contentType: 'reading', tiers: [other.tierA.id] },
      token,
    );
    expect(res.statusCode).toBe(403);
    expect(await t.db.select().from(content).where(eq(content.userId, user.id))).toHaveLength(0);
    expect(await queueOf(other.tierA.id)).toEqual([]);
  });

  it('refuses members', async () => {
    const { token } = await buildUser(t.db);
    const { tierA } = await facilitatorWithTiers();
    expect(
      (
        await call(
          t.app,
          'POST',
          '/api/app/content/new',
          { title: 'x', contentType: 'reading', tiers: [tierA.id] },
          token,
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a media key that was never uploaded', async () => {
    const { token, tierA } = await facilitatorWithTiers();
    const res = await call(
      t.app,
      'POST',
      '/api/app/content/new',
      { title: 'x', contentType: 'podcast', tiers: [tierA.id], media: 'nope.mp3' },
      token,
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('editing and deleting content', () => {
  it('moving content out of a tier takes it out of that queue too', async () => {
    const { token, user, tierA, tierB } = await facilitatorWithTiers();
    const item = await buildContent(t.db, user.id, [tierA.id, tierB.id]);
    const res = await call(
      t.app,
      'POST',
      `/api/app/content/${item.id}`,
      { title: 'Edited', contentType: 'breathwork', tiers: [tierB.id] },
      token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json().tiers).toEqual([tierB.id]);
    expect(await queueOf(tierA.id)).toEqual([]);
    expect(await queueOf(tierB.id)).toEqual([item.id]);
  });

  it('keeps the posted date of already published content when edited', async () => {
    const { token, user, tierA } = await facilitatorWithTiers();
    const postedDate = new Date('2026-01-01T10:00:00Z');
    const item = await buildContent(t.db, user.id, [tierA.id], { queued: false, postedDate });
    const res = await call(
      t.app,
      'POST',
      `/api/app/content/${item.id}`,
      { title: 'Edited', contentType: 'breathwork', tiers: [tierA.id], postNow: true },
      token,
    );
    expect(res.json().postedDate).toBe(postedDate.toISOString());
  });

  it('only the owner may load, edit or delete (403 for others)', async () => {
    const { user, tierA } = await facilitatorWithTiers();
    const item = await buildContent(t.db, user.id, [tierA.id]);
    for (const other of [await buildFacilitator(t.db), await buildUser(t.db)]) {
      expect((await call(t.app, 'GET', `/api/app/content/${item.id}`, undefined, other.token)).statusCode).toBe(403);
      expect(
        (
          await call(
            t.app,
            'POST',
            `/api/app/content/${item.id}`,
            { title: 'x', contentType: 'reading', tiers: [tierA.id] },
            other.token,
          )
        ).statusCode,
      ).toBe(403);
      expect((await call(t.app, 'DELETE', `/api/app/content/${item.id}`, undefined, other.token)).statusCode).toBe(403);
    }
    expect(await t.db.select().from(content).where(eq(content.id, item.id))).toHaveLength(1);
  });

  it('deleting content removes it from every queue', async () => {
    const { token, user, tierA, tierB } = await facilitatorWithTiers();
    const keep = await buildContent(t.db, user.id, [tierA.id]);
    const item = await buildContent(t.db, user.id, [tierA.id, tierB.id]);
    expect((await call(t.app, 'DELETE', `/api/app/content/${item.id}`, undefined, token)).statusCode).toBe(200);
    expect(await queueOf(tierA.id)).toEqual([keep.id]);
    expect(await queueOf(tierB.id)).toEqual([]);
  });
});
