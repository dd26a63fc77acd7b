import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDay } from '../../../common/time';
import { gifts, subscriptions } from '../../db/schema';
import { linkIn } from '../../test/mailbox';
import { buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second.close();
  await t.close();
});

/** A paid gift delivered today: its claim link's token. */
async function deliveredGift(tierId: string, to: string) {
  const buyer = await buildUser(t.db, { name: 'Ana' });
  const start = await call(
    t.app,
    'POST',
    `/api/app/tier/${tierId}/gifts`,
    { months: 1, recipientEmail: to, message: '', deliverOn: localDay(new Date(), 'UTC'), timeZone: 'UTC' },
    buyer.token,
  );
  const id = start.json().url.split('/').pop();
  expect((await call(t.app, 'POST', `/api/test-mode/checkout/${id}/pay`, {}, buyer.token)).statusCode).toBe(200);
  return linkIn(await t.mailbox.latest(to, /gave you/))
    .pathname.split('/')
    .pop()!;
}

describe('a claim link used at once on two instances', () => {
  it('gives exactly one claim: one 200, the other 409 gift_already_claimed, one subscription', async () => {
    const facilitator = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.user.id, { price: 10 });
    for (let round = 0; round < 3; round++) {
      const token = await deliveredGift(tier.id, `race${round}@example.com`);
      const a = await buildUser(t.db);
      const b = await buildUser(t.db);
      const answers = await Promise.all([
        call(t.app, 'POST', '/api/app/gifts/claim', { token }, a.token),
        call(second.app, 'POST', '/api/app/gifts/claim', { token }, b.token),
      ]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.statusCode === 409)!.json().error).toBe('gift_already_claimed');
      const winner = answers[0]!.statusCode === 200 ? a : b;
      const loser = winner === a ? b : a;
      const [gift] = await t.db.select().from(gifts).where(eq(gifts.claimedBy, winner.user.id));
      expect(gift).toBeDefined();
      expect(await t.db.select().from(subscriptions).where(eq(subscriptions.userId, loser.user.id))).toEqual([]);
    }
  });
});
