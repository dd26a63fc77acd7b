import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { memberships, subscriptions } from '../../db/schema';
import { buildFacilitator, buildGroup, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { endGroupPlacesWithoutAccess } from './access-ended';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000);

const placeOf = async (groupId: string, userId: string) =>
  (
    await t.db
      .select({ status: memberships.status, tierId: memberships.grantedByTierId })
      .from(memberships)
      .where(and(eq(memberships.groupId, groupId), eq(memberships.userId, userId)))
  )[0];

/** The member's access to the tier ends by the calendar: its end date passes with no event. */
const expire = (userId: string, tierId: string) =>
  t.db
    .update(subscriptions)
    .set({ endDate: inDays(-1) })
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.tierId, tierId)));

async function grantedPlace() {
  const owner = await buildFacilitator(t.db);
  const group = await buildGroup(t.db, owner.user.id);
  const tier = await buildTier(t.db, owner.user.id, { price: 20, associatedGroupId: group.id });
  const member = await buildUser(t.db);
  const given = await call(
    t.app,
    'POST',
    `/api/app/tier/${tier.id}/grants`,
    { memberId: member.user.id, until: inDays(30).toISOString(), note: 'until the retreat' },
    owner.token,
  );
  expect(given.statusCode).toBe(200);
  expect(await placeOf(group.id, member.user.id)).toEqual({ status: 'approved', tierId: tier.id });
  return { owner, group, tier, member };
}

describe("a tier's group place when access ends by its date", () => {
  it('goes once complimentary access has run to its date, and a second run finds nothing', async () => {
    const { group, tier, member } = await grantedPlace();
    expect(await endGroupPlacesWithoutAccess(t)).toBe(0);

    await expire(member.user.id, tier.id);
    await endGroupPlacesWithoutAccess(t);
    expect(await placeOf(group.id, member.user.id)).toBeUndefined();
    expect(await endGroupPlacesWithoutAccess(t)).toBe(0);
  });

  it('passes to another tier of the member with the same group instead of going', async () => {
    const { owner, group, tier, member } = await grantedPlace();
    const second = await buildTier(t.db, owner.user.id, { price: 30, associatedGroupId: group.id });
    await buildSubscription(t.db, member.user.id, second.id, { provider: 'test', status: 'active' });

    await expire(member.user.id, tier.id);
    await endGroupPlacesWithoutAccess(t);
    expect(await placeOf(group.id, member.user.id)).toEqual({ status: 'approved', tierId: second.id });
  });

  it('leaves a place the member holds on their own, not granted by a tier', async () => {
    const owner = await buildFacilitator(t.db);
    const group = await buildGroup(t.db, owner.user.id);
    const member = await buildUser(t.db);
    await t.db.insert(memberships).values({ groupId: group.id, userId: member.user.id, status: 'approved' });

    await endGroupPlacesWithoutAccess(t);
    expect(await placeOf(group.id, member.user.id)).toEqual({ status: 'approved', tierId: null });
  });
});
