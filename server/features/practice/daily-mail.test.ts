import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '../../db/schema';
import { buildContent, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import { setFrequency } from '../notifications/email-preferences';
import { countQueries } from '../../test/query-count';
import { sendPracticeMails } from './daily-mail';

/*
 * 'Your practice for today' with a controlled clock. In June, 7:00 in Berlin (CEST) is 05:00Z
 * and 7:00 in Los Angeles (PDT) is 14:00Z. The tier releases a queue item every 2 days: day 1
 * 'Arrive', day 3 'Body scan', day 5 'Open awareness'.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const run = (iso: string) => sendPracticeMails(t.app.ctx, new Date(iso));
const SUBJECT = /Your practice for today/;

async function practiceMailsTo(email: string, expected: number) {
  if (expected > 0) await t.mailbox.latest(email, SUBJECT);
  await new Promise((r) => setTimeout(r, 400)); // a mail that should not exist would be here by now
  return t.mailbox.received.filter((m) => m.to === email && SUBJECT.test(m.subject));
}

const practiceNotes = (userId: string) =>
  t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.type, 'practice')));

describe("'Your practice for today'", () => {
  it('mails a member at their 7:00 on a day a drip item is released to them, and not on the days between', async () => {
    const { user: facilitator } = await buildFacilitator(t.db, { name: 'Mira Stone' });
    const tier = await buildTier(t.db, facilitator.id, { contentQueueFrequency: 2 });
    await buildContent(t.db, facilitator.id, [tier.id], { title: 'Arrive' });
    await buildContent(t.db, facilitator.id, [tier.id], { title: 'Body scan', contentType: 'meditation' });
    await buildContent(t.db, facilitator.id, [tier.id], { title: 'Open awareness' });
    const { user: member } = await buildUser(t.db, { timeZone: 'Europe/Berlin', name: 'Berta' });
    await buildSubscription(t.db, member.id, tier.id, { startDate: '2026-06-08' });

    // day 2 (06-09): 'Arrive' is still today's practice, but nothing new was released
    expect(await run('2026-06-09T05:00:00.000Z')).toMatchObject({ mails: 0 });
    // day 3 (06-10) at 6:00 in Berlin: not yet
    expect(await run('2026-06-10T04:00:00.000Z')).toMatchObject({ mails: 0 });
    expect(await practiceMailsTo(member.email, 0)).toEqual([]);
    // day 3 at 7:00: 'Body scan' is released today
    expect(await run('2026-06-10T05:00:00.000Z')).toMatchObject({ mails: 1 });
    expect(await run('2026-06-10T05:30:00.000Z')).toMatchObject({ mails: 0 }); // once a day

    const mails = await practiceMailsTo(member.email, 1);
    expect(mails).toHaveLength(1);
    const mail = mails[0]!;
    expect(mail.subject).toBe('Your practice for today: Body scan');
    expect(mail.text).toContain('Body scan');
    expect(mail.text).toContain('Meditation · Mira Stone');
    expect(mail.text).not.toContain('Arrive');
    expect(mail.text).toContain('http://localhost:3000/');
    expect(mail.html).toContain('Open today&#x27;s practice');
    // a single type: the one-click unsubscribe of 'practice'
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
    expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');

    const notes = await practiceNotes(member.id);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ message: 'Your practice for today: Body scan', link: '/', mailPending: false });
  });

  it("sends neither mail nor notification to a member who set 'Your practice for today' to 'Off'", async () => {
    const { user: facilitator } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.id);
    await buildContent(t.db, facilitator.id, [tier.id], { title: 'Sunrise breath' });
    const { user: off } = await buildUser(t.db, { timeZone: 'America/Los_Angeles' });
    const { user: on } = await buildUser(t.db, { timeZone: 'America/Los_Angeles' });
    for (const u of [off, on]) await buildSubscription(t.db, u.id, tier.id, { startDate: '2026-06-10' });
    await setFrequency(t.db, off.id, 'practice', 'off');

    expect(await run('2026-06-10T14:10:00.000Z')).toMatchObject({ mails: 1 }); // 7:10 in Los Angeles
    expect((await practiceMailsTo(on.email, 1))[0]!.subject).toBe('Your practice for today: Sunrise breath');
    expect(await practiceMailsTo(off.email, 0)).toEqual([]);
    expect(await practiceNotes(off.id)).toEqual([]);
    expect(await practiceNotes(on.id)).toHaveLength(1);
  });

  it('pages over the members due, with the same few statements whatever the number of members', async () => {
    const { user: facilitator } = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, facilitator.id, { contentQueueFrequency: 7 });
    await buildContent(t.db, facilitator.id, [tier.id], { title: 'Weekly sit' });
    const member = async (startDate: string) => {
      const { user } = await buildUser(t.db, { timeZone: 'Australia/Perth' });
      await buildSubscription(t.db, user.id, tier.id, { startDate });
      return user;
    };
    // 7:00 in Perth (UTC+8) on 06-20: three members start today, in pages of 2
    const starters = await Promise.all([1, 2, 3].map(() => member('2026-06-20')));
    expect(await sendPracticeMails(t.app.ctx, new Date('2026-06-19T23:00:00.000Z'), { batch: 2 })).toEqual({
      due: 3,
      mails: 3,
    });
    for (const u of starters) expect(await practiceMailsTo(u.email, 1)).toHaveLength(1);

    // on the days between weekly releases nothing is sent: with nine members due, a handful of
    // statements, not one or more per member. The job runner shares the connections (PostgreSQL
    // pool), so the fewest of three runs is counted.
    await Promise.all(Array.from({ length: 6 }, () => member('2026-06-20')));
    const counts: number[] = [];
    for (const day of ['2026-06-20', '2026-06-21', '2026-06-22']) {
      let due = 0;
      counts.push(
        await countQueries(t.database, async () => {
          ({ due } = await sendPracticeMails(t.app.ctx, new Date(`${day}T23:15:00.000Z`))); // the next day, 7:15 in Perth
        }),
      );
      expect(due).toBe(9);
    }
    // members, claim, frequencies, subscriptions, content
    expect(Math.min(...counts)).toBeLessThanOrEqual(5);
  });
});
