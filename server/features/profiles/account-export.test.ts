import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../../db/schema';
import { auditLog, images, mediaFiles, referrals } from '../../db/schema';
import { buildContent, buildFacilitator, buildGroup, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { EXPORTED_USER_REFERENCES, UNEXPORTED_USER_REFERENCES } from './account-export-references';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** Every `table.column` of the schema with a foreign key to users: the tables that hold a user's rows. */
function userReferences() {
  const usersName = getTableConfig(schema.users).name;
  return (Object.values(schema) as unknown[])
    .filter((value): value is PgTable => is(value, PgTable))
    .flatMap((table) => {
      const config = getTableConfig(table);
      return config.foreignKeys
        .map((fk) => fk.reference())
        .filter((ref) => getTableConfig(ref.foreignTable).name === usersName)
        .map((ref) => `${config.name}.${ref.columns[0]!.name}`);
    })
    .sort();
}

const countRows = async (reference: string, userId: string) => {
  const [table, column] = reference.split('.') as [string, string];
  const result = (await t.db.execute(
    sql`select count(*)::int as n from ${sql.identifier(table)} where ${sql.identifier(column)} = ${userId}`,
  )) as unknown as { rows: Array<{ n: number }> };
  return Number(result.rows[0]!.n);
};

const HOUR = 3_600_000;
async function offerSession(token: string, price: number, inHours: number) {
  const start = new Date(Date.now() + inHours * HOUR);
  const body = {
    name: `Talk ${inHours}`,
    price,
    startTime: start.toISOString(),
    endTime: new Date(start.getTime() + HOUR).toISOString(),
    meetingUrl: 'https://meet.example.com/x',
  };
  return (await call(t.app, 'POST', '/api/app/facilitator/sessions', body, token)).json() as { _id: string };
}

/** A facilitator and a member with rows in as many of the user tables as the API makes. */
async function busyPair() {
  const maya = await buildFacilitator(t.db, { name: 'Maya' });
  const sam = await buildUser(t.db, { name: 'Sam' });
  const circle = await buildGroup(t.db, maya.user.id, { name: 'Circle' });
  const tier = await buildTier(t.db, maya.user.id, {
    price: 12,
    associatedGroupId: circle.id,
    allowDirectMessaging: true,
  });
  const lesson = await buildContent(t.db, maya.user.id, [tier.id], {
    postNow: true,
    postedDate: new Date(),
    media: 'lesson.wav',
    fileType: 'audio',
  });

  // Sam pays for the plan (checkout, payment, subscription, the tier's group, notifications)
  const start = (
    await call(t.app, 'GET', `/api/app/subscribe/${tier.id}/create-checkout-session`, undefined, sam.token)
  ).json();
  expect(
    (await call(t.app, 'POST', `/api/test-mode/checkout/${start.url.split('/').pop()}/pay`, {}, sam.token)).statusCode,
  ).toBe(200);
  const closed = await buildGroup(t.db, maya.user.id, { name: 'Closed circle', isPrivate: true });
  await call(t.app, 'POST', `/api/app/join-group/${closed.id}`, { text: 'May I join?' }, sam.token);
  await call(t.app, 'POST', '/api/app/group/new', { name: 'Sam’s own' }, sam.token);

  const post = (await call(t.app, 'POST', '/api/app/post', { text: 'my morning' }, sam.token)).json();
  await call(t.app, 'GET', `/api/app/post/${post._id}/heart`, undefined, maya.token);
  await call(t.app, 'GET', `/api/app/post/${post._id}/heart`, undefined, sam.token);
  await call(t.app, 'POST', `/api/app/create-comment/${post._id}`, { commentText: 'thanks' }, sam.token);
  await call(t.app, 'POST', '/api/app/track-engagement', { content: lesson.id, milliseconds: 60_000 }, sam.token);
  await call(t.app, 'POST', '/api/app/create-journal', { content: lesson.id, journalText: 'calm' }, sam.token);
  await call(t.app, 'PUT', `/api/app/playback-position/${lesson.id}`, { position: 30, duration: 600 }, sam.token);
  const room = (await call(t.app, 'POST', '/api/app/room', { ids: [maya.user.id] }, sam.token)).json().chatRoom._id;
  await call(t.app, 'POST', '/api/app/message', { user: maya.user.id, room, message: 'hello' }, sam.token);

  const free = await offerSession(maya.token, 0, 48);
  await call(t.app, 'POST', '/api/app/book-free-session', { sessionId: free._id }, sam.token);
  const paid = await offerSession(maya.token, 20, 72);
  // a paid checkout holds the session for the member while they pay
  expect(
    (await call(t.app, 'POST', '/api/app/session/create-checkout-session', { sessionId: paid._id }, sam.token))
      .statusCode,
  ).toBe(200);

  // rows the API makes through uploads and admin screens, written directly
  await t.db.insert(mediaFiles).values({
    key: `media/${sam.user.id}/a.mp3`,
    ownerId: sam.user.id,
    contentType: 'audio/mpeg',
    fileType: 'audio',
    size: 10,
  });
  await t.db
    .insert(images)
    .values({ path: `images/${sam.user.id}.webp`, ownerId: sam.user.id, contentType: 'image/webp', size: 10 });
  await t.db
    .insert(auditLog)
    .values({ adminId: sam.user.id, adminEmail: sam.user.email, action: 'update', targetType: 'tag' });
  // Maya brought Sam, whose first payment went to her
  await t.db.insert(referrals).values({
    referrerId: maya.user.id,
    refereeId: sam.user.id,
    firstPaidAt: new Date(),
    facilitatorId: maya.user.id,
    amountCents: 1200,
  });
  return { maya, sam };
}

describe("the data export holds everything the account has (Settings, 'Download my data')", () => {
  it('accounts for every table that holds a user’s rows: exported, or left out with a reason', () => {
    const accounted = [...Object.keys(EXPORTED_USER_REFERENCES), ...Object.keys(UNEXPORTED_USER_REFERENCES)].sort();
    expect(accounted).toEqual(userReferences());
  });

  it("a member's and a facilitator's export hold every row of theirs in those tables", async () => {
    const { maya, sam } = await busyPair();
    for (const person of [sam, maya]) {
      const res = await call(t.app, 'GET', '/api/app/account/export', undefined, person.token);
      expect(res.statusCode).toBe(200);
      const data = res.json();
      for (const [reference, section] of Object.entries(EXPORTED_USER_REFERENCES)) {
        const held = await countRows(reference, person.user.id);
        expect(Array.isArray(data[section]), section).toBe(true);
        expect(data[section].length, `${section} (${reference})`).toBeGreaterThanOrEqual(held);
      }
      expect(JSON.stringify(data)).not.toMatch(/password|token_?hash/i);
    }
  });

  it('names what the issue listed: memberships, requests, owned groups, bookings held, notifications, sessions offered, tiers, content and revenue', async () => {
    const { maya, sam } = await busyPair();
    const mine = (await call(t.app, 'GET', '/api/app/account/export', undefined, sam.token)).json();
    expect(
      mine.groupMemberships.map((m: { groupName: string; status: string }) => [m.groupName, m.status]).sort(),
    ).toEqual([
      ['Circle', 'approved'],
      ['Closed circle', 'pending'],
      ['Sam’s own', 'approved'],
    ]);
    expect(mine.ownedGroups.map((g: { name: string }) => g.name)).toEqual(['Sam’s own']);
    // one place booked (free), one held while paying
    expect(mine.bookedSessions.map((b: { status: string }) => b.status).sort()).toEqual(['booked', 'held']);
    expect(mine.notifications.length).toBeGreaterThan(0);
    expect(mine.payments.map((p: { amountCents: number }) => p.amountCents)).toEqual([1200]);

    const hers = (await call(t.app, 'GET', '/api/app/account/export', undefined, maya.token)).json();
    expect(hers.sessionsOffered).toHaveLength(2);
    expect(hers.tiers).toHaveLength(1);
    expect(hers.content).toHaveLength(1);
    expect(hers.revenue.map((r: { amountCents: number }) => r.amountCents)).toEqual([1200]);
    expect(hers.ownedGroups).toHaveLength(2);
    // referral rows on both sides: who I brought, who brought me, first payments that came to me
    expect(mine.referredBy.map((r: { referrer: string }) => r.referrer)).toEqual([maya.user.id]);
    expect(hers.referralsMade.map((r: { referee: string }) => r.referee)).toEqual([sam.user.id]);
    expect(hers.referredFirstPayments.map((r: { amountCents: number }) => r.amountCents)).toEqual([1200]);
    expect((await call(t.app, 'GET', '/api/app/account/export')).statusCode).toBe(401);
  });
});
