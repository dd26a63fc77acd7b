import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { content, contentTiers } from '../../db/schema';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const opensIn = async (contentId: string, tierId: string) =>
  (
    await t.db
      .select()
      .from(contentTiers)
      .where(and(eq(contentTiers.contentId, contentId), eq(contentTiers.tierId, tierId)))
  )[0]!.hitCount;

type StatusRow = { _id: string; hitCount: number };

describe("'Times files opened' counts opens per tier", () => {
  it('an item shared by two tiers counts an open only in the tier it was opened through', async () => {
    const owner = await buildFacilitator(t.db);
    const morning = await buildTier(t.db, owner.user.id, { name: 'Morning' });
    const evening = await buildTier(t.db, owner.user.id, { name: 'Evening' });
    const shared = await buildContent(t.db, owner.user.id, [morning.id, evening.id]);
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, morning.id);

    const open = await call(t.app, 'GET', `/api/app/increase-content-hits/${shared.id}`, undefined, member.token);
    expect(open.statusCode).toBe(200);
    expect(open.json()).toEqual({ hitCount: 1 });
    expect(await opensIn(shared.id, morning.id)).toBe(1);
    expect(await opensIn(shared.id, evening.id)).toBe(0);

    const dashboard = (await call(t.app, 'GET', '/api/app/facilitator/dashboard', undefined, owner.token)).json();
    const hits = Object.fromEntries((dashboard.tiers as StatusRow[]).map((r) => [r._id, r.hitCount]));
    expect(hits).toEqual({ [morning.id]: 1, [evening.id]: 0 });
  });

  it("the owner's own opens count in the item's total, in no tier", async () => {
    const owner = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, owner.user.id);
    const item = await buildContent(t.db, owner.user.id, [tier.id]);
    expect(
      (await call(t.app, 'GET', `/api/app/increase-content-hits/${item.id}`, undefined, owner.token)).json(),
    ).toEqual({ hitCount: 1 });
    expect(await opensIn(item.id, tier.id)).toBe(0);
    expect((await t.db.select().from(content).where(eq(content.id, item.id)))[0]!.hitCount).toBe(1);
  });

  it('refuses visitors (401) and members who cannot see the item (404), counting nothing', async () => {
    const owner = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, owner.user.id);
    const item = await buildContent(t.db, owner.user.id, [tier.id]);
    const outsider = await buildUser(t.db);
    expect((await call(t.app, 'GET', `/api/app/increase-content-hits/${item.id}`)).statusCode).toBe(401);
    expect(
      (await call(t.app, 'GET', `/api/app/increase-content-hits/${item.id}`, undefined, outsider.token)).statusCode,
    ).toBe(404);
    expect(await opensIn(item.id, tier.id)).toBe(0);
  });
});
