import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { offerRedemptions, offers } from '../../db/schema';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';

/**
 * An offer's redemption limit holds however many checkouts ask at once on however many
 * instances: each reservation is a conditional update of the offer row in the one database.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('an offer limited to 5 on two instances', () => {
  it('20 concurrent checkouts by 20 members: exactly 5 open with the offer, 15 are told it is used up', async () => {
    const owner = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, owner.user.id, { price: 12 });
    const made = await call(
      t.app,
      'POST',
      `/api/app/tier/${tier.id}/offers`,
      { code: 'FIVE', kind: 'percent', percentOff: 20, duration: 'once', redemptionLimit: 5 },
      owner.token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const members = await Promise.all(Array.from({ length: 20 }, () => buildUser(t.db)));
    const apps = [t.app, second.app];
    const answers = await Promise.all(
      members.map((m, i) =>
        call(
          apps[i % 2]!,
          'GET',
          `/api/app/subscribe/${tier.id}/create-checkout-session?offer=FIVE`,
          undefined,
          m.token,
        ),
      ),
    );
    const codes = answers.map((a) => (a.statusCode === 200 ? 'opened' : `${a.statusCode} ${a.json().error}`));
    expect(codes.filter((c) => c === 'opened')).toHaveLength(5);
    expect(codes.filter((c) => c !== 'opened')).toEqual(Array(15).fill('409 offer_used_up'));

    const [row] = await t.db.select().from(offers).where(eq(offers.id, made.json()._id));
    expect(row).toMatchObject({ used: 5, redeemed: 0 });
    const reserved = await t.db
      .select()
      .from(offerRedemptions)
      .where(and(eq(offerRedemptions.offerId, row!.id), eq(offerRedemptions.status, 'reserved')));
    expect(reserved).toHaveLength(5);

    // the five pay, on either instance: five redemptions, and the limit still holds
    for (const [i, answer] of answers.entries()) {
      if (answer.statusCode !== 200) continue;
      const id = answer.json().url.split('/').pop();
      const paid = await call(apps[i % 2]!, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, members[i]!.token);
      expect(paid.statusCode, paid.body).toBe(200);
    }
    const [after] = await t.db.select().from(offers).where(eq(offers.id, row!.id));
    expect(after).toMatchObject({ used: 5, redeemed: 5 });
  });
});
