import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { MoneySummaryAnswer, MembersAnswer } from '../../../common/payments/money-schemas';
import { notifications, subscriptions, tierGrants, users } from '../../db/schema';
import {
  buildAdmin,
  buildContent,
  buildFacilitator,
  buildSubscription,
  buildTier,
  buildUser,
} from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { codeIn } from '../../test/mailbox';
import { isReleasedTo } from '../content/library';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const grantsUrl = (tierId: string) => `/api/app/tier/${tierId}/grants`;
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

async function setup(price = 20) {
  const owner = await buildFacilitator(t.db);
  const tier = await buildTier(t.db, owner.user.id, { price, releaseAllContent: true });
  const item = await buildContent(t.db, owner.user.id, [tier.id]);
  const member = await buildUser(t.db);
  return { owner, tier, item, member };
}

describe('who may give complimentary access', () => {
  it("lets the tier's facilitator and an admin grant, list and revoke; refuses others with a code", async () => {
    const { owner, tier, member } = await setup();
    const admin = await buildAdmin(t.db);
    const other = await buildFacilitator(t.db);

    const refused = await call(t.app, 'POST', grantsUrl(tier.id), { memberId: member.user.id }, member.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'program_owner_only' });
    expect((await call(t.app, 'GET', grantsUrl(tier.id), undefined, other.token)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', grantsUrl(tier.id), undefined)).statusCode).toBe(401);

    const given = await call(
      t.app,
      'POST',
      grantsUrl(tier.id),
      { memberId: member.user.id, note: 'scholarship' },
      owner.token,
    );
    expect(given.statusCode).toBe(200);
    expect(given.json()).toMatchObject({
      status: 'active',
      until: null,
      note: 'scholarship',
      member: { _id: member.user.id },
    });

    const listed = await call(t.app, 'GET', grantsUrl(tier.id), undefined, admin.token);
    expect(listed.json().grants.map((g: { _id: string }) => g._id)).toEqual([given.json()._id]);

    const revokeUrl = `${grantsUrl(tier.id)}/${given.json()._id}`;
    expect((await call(t.app, 'DELETE', revokeUrl, undefined, member.token)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', revokeUrl, undefined, admin.token)).json()).toEqual({ revoked: true });
    const again = await call(t.app, 'DELETE', revokeUrl, undefined, owner.token);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ error: 'grant_not_found' });
  });

  it('refuses bad input, a grant to oneself, a past date and a member who already subscribes', async () => {
    const { owner, tier, member } = await setup();
    const post = (body: unknown) => call(t.app, 'POST', grantsUrl(tier.id), body, owner.token);
    expect((await post({})).statusCode).toBe(400);
    expect((await post({ email: 'not-an-address' })).statusCode).toBe(400);
    expect((await post({ memberId: member.user.id, email: 'a@example.test' })).statusCode).toBe(400);
    expect((await post({ memberId: owner.user.id })).json()).toMatchObject({ error: 'grant_to_self' });
    expect((await post({ email: owner.user.email.toUpperCase() })).json()).toMatchObject({ error: 'grant_to_self' });
    expect((await post({ memberId: member.user.id, until: inDays(-1) })).json()).toMatchObject({
      error: 'grant_until_past',
    });
    const payer = await buildUser(t.db);
    await buildSubscription(t.db, payer.user.id, tier.id, { provider: 'stripe', priceCents: 2000 });
    const held = await post({ memberId: payer.user.id });
    expect(held.statusCode).toBe(409);
    expect(held.json()).toMatchObject({ error: 'already_subscribed' });
    expect(await t.db.select().from(tierGrants).where(eq(tierGrants.tierId, tier.id))).toEqual([]);
  });
});

describe('what a grant gives', () => {
  it("gives the tier's content through the subscription rule, and revoking takes it away and tells the member", async () => {
    const { owner, tier, item, member } = await setup();
    expect(await isReleasedTo(t.app.ctx, member.user, item.id)).toBe(false);
    const given = await call(t.app, 'POST', grantsUrl(tier.id), { email: member.user.email }, owner.token);
    expect(given.json()).toMatchObject({ status: 'active', member: { _id: member.user.id }, email: null });
    expect(await isReleasedTo(t.app.ctx, member.user, item.id)).toBe(true);

    const mine = await call(t.app, 'GET', '/api/app/subscriptions', undefined, member.token);
    expect(mine.json()).toEqual([expect.objectContaining({ isComplimentary: true, isPaid: false, isActive: true })]);

    await call(t.app, 'DELETE', `${grantsUrl(tier.id)}/${given.json()._id}`, undefined, owner.token);
    expect(await isReleasedTo(t.app.ctx, member.user, item.id)).toBe(false);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, member.user.id));
    expect(told.map((n) => n.message)).toEqual(
      expect.arrayContaining([
        `${owner.user.name} gave you complimentary access to ${tier.name}.`,
        `${owner.user.name} ended your complimentary access to ${tier.name}.`,
      ]),
    );
  });

  it("ends with an admin's cancel of its subscription: the facilitator's list shows it revoked", async () => {
    const { owner, tier, member } = await setup();
    const admin = await buildAdmin(t.db);
    const given = await call(t.app, 'POST', grantsUrl(tier.id), { memberId: member.user.id }, owner.token);
    const [sub] = await t.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, member.user.id), eq(subscriptions.tierId, tier.id)));
    const cancelled = await call(
      t.app,
      'POST',
      `/api/admin/subscription/${sub!.id}/cancel`,
      { when: 'now' },
      admin.token,
    );
    expect(cancelled.json()).toMatchObject({ outcome: 'cancelled' });
    const listed = await call(t.app, 'GET', grantsUrl(tier.id), undefined, owner.token);
    expect(listed.json().grants).toEqual([expect.objectContaining({ _id: given.json()._id, status: 'revoked' })]);
  });

  it('gives nothing once its date has passed (no job: the query compares with now)', async () => {
    const { owner, tier, item, member } = await setup();
    const given = await call(
      t.app,
      'POST',
      grantsUrl(tier.id),
      { memberId: member.user.id, until: inDays(3) },
      owner.token,
    );
    expect(await isReleasedTo(t.app.ctx, member.user, item.id)).toBe(true);
    await t.db
      .update(tierGrants)
      .set({ until: new Date(Date.now() - 1000) })
      .where(eq(tierGrants.id, given.json()._id));
    await t.db
      .update(subscriptions)
      .set({ endDate: new Date(Date.now() - 1000) })
      .where(and(eq(subscriptions.userId, member.user.id), eq(subscriptions.tierId, tier.id)));
    expect(await isReleasedTo(t.app.ctx, member.user, item.id)).toBe(false);
    const listed = await call(t.app, 'GET', grantsUrl(tier.id), undefined, owner.token);
    expect(listed.json().grants[0]).toMatchObject({ status: 'expired' });
  });

  it('is a member in the members list, marked complimentary, and never revenue or MRR', async () => {
    const { owner, tier, member } = await setup(30);
    const payer = await buildUser(t.db);
    await buildSubscription(t.db, payer.user.id, tier.id, { provider: 'stripe', status: 'active', priceCents: 3000 });
    await call(t.app, 'POST', grantsUrl(tier.id), { memberId: member.user.id }, owner.token);

    const money = MoneySummaryAnswer.parse(
      (await call(t.app, 'GET', '/api/app/facilitator/money?period=month', undefined, owner.token)).json(),
    );
    expect(money.mrr).toBe(30);
    expect(money.activePayingMembers).toBe(1);
    const members = MembersAnswer.parse(
      (await call(t.app, 'GET', `/api/app/facilitator/members?tierId=${tier.id}`, undefined, owner.token)).json(),
    ).members;
    expect(members.find((m) => m.member._id === member.user.id)).toMatchObject({
      isComplimentary: true,
      status: 'active',
      paidToDate: 0,
    });
  });

  it('writes one of two identical grants sent at once', async () => {
    const { owner, tier, member } = await setup();
    const answers = await Promise.all(
      [1, 2].map(() => call(t.app, 'POST', grantsUrl(tier.id), { memberId: member.user.id }, owner.token)),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(await t.db.select().from(tierGrants).where(eq(tierGrants.tierId, tier.id))).toHaveLength(1);
    const emailed = await Promise.all(
      [1, 2].map(() => call(t.app, 'POST', grantsUrl(tier.id), { email: 'Someone.New@example.test' }, owner.token)),
    );
    expect(emailed.map((a) => a.statusCode).sort()).toEqual([200, 409]);
  });
});

describe('a grant to an address nobody registered yet', () => {
  it('waits, and is claimed once an account with that address confirms it', async () => {
    const { owner, tier, item } = await setup();
    const email = `later_${Date.now()}@example.test`;
    const given = await call(t.app, 'POST', grantsUrl(tier.id), { email: email.toUpperCase() }, owner.token);
    expect(given.json()).toMatchObject({ status: 'waiting', email, member: null });
    const invite = await t.mailbox.latest(email);
    expect(invite.subject).toBe(`${owner.user.name} gave you complimentary access to ${tier.name}`);

    const newcomer = await buildUser(t.db, { email, emailConfirmed: false });
    await call(t.app, 'GET', '/api/app/send-confirm', undefined, newcomer.token);
    const code = codeIn(await t.mailbox.latest(email));
    const confirmed = await call(t.app, 'POST', '/api/auth/confirm', { id: newcomer.user.id, token: code });
    expect(confirmed.json()).toEqual({ status: 'confirmed' });

    const [grant] = await t.db.select().from(tierGrants).where(eq(tierGrants.id, given.json()._id));
    expect(grant).toMatchObject({ memberId: newcomer.user.id, email: null });
    expect(grant!.claimedAt).not.toBeNull();
    const [user] = await t.db.select().from(users).where(eq(users.id, newcomer.user.id));
    expect(await isReleasedTo(t.app.ctx, user!, item.id)).toBe(true);
    const told = await t.db.select().from(notifications).where(eq(notifications.userId, newcomer.user.id));
    expect(told.map((n) => n.message)).toContain(`${owner.user.name} gave you complimentary access to ${tier.name}.`);
  });
});
