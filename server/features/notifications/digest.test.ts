import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NotificationType } from '../../../common/notifications/types';
import { dailyMails, notifications } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { startTestApp, type TestApp } from '../../test/harness';
import type { ReceivedMail } from '../../test/mailbox';
import { countQueries } from '../../test/query-count';
import { sendDueDigests } from './digest';
import { loadFrequencies, setFrequency } from './email-preferences';

/*
 * The daily digest with a controlled clock: in June, 7:00 in Berlin
 * (CEST, UTC+2) is 05:00Z and 7:00 in Los Angeles (PDT, UTC-7) is 14:00Z.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const at = (iso: string) => new Date(iso);
const run = (iso: string) => sendDueDigests(t.app.ctx, at(iso));

async function note(userId: string, type: NotificationType, message: string, createdAt: string, viewed = false) {
  await t.db
    .insert(notifications)
    .values({ userId, type, message, link: `/post/${message.length}`, createdAt: at(createdAt), viewed });
}

/** The digests that reached `email`, after the queued jobs had time to run. */
async function digestsTo(email: string, expected: number): Promise<ReceivedMail[]> {
  if (expected > 0) await t.mailbox.latest(email, /updates? from/);
  const deadline = Date.now() + 5000;
  let found: ReceivedMail[] = [];
  while (Date.now() < deadline) {
    found = t.mailbox.received.filter((m) => m.to === email && /updates? from/.test(m.subject));
    if (found.length >= expected) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  // a little longer: a second mail that should not exist would have arrived by now
  await new Promise((r) => setTimeout(r, 300));
  return t.mailbox.received.filter((m) => m.to === email && /updates? from/.test(m.subject));
}

describe('daily digest', () => {
  it("sends each member one digest at their own 7:00, holding exactly their unread 'digest' notifications", async () => {
    const { user: berlin } = await buildUser(t.db, { timeZone: 'Europe/Berlin', name: 'Berta' });
    const { user: la } = await buildUser(t.db, { timeZone: 'America/Los_Angeles', name: 'Luis' });
    // Berta put direct messages in the digest too; Luis keeps comments 'Immediately'
    await setFrequency(t.db, berlin.id, 'message', 'digest');
    await setFrequency(t.db, la.id, 'comment', 'immediately');

    await note(berlin.id, 'comment', 'Ana commented on your post', '2026-06-09T20:00:00.000Z');
    await note(berlin.id, 'message', 'Ben sent you a message', '2026-06-10T04:30:00.000Z');
    await note(berlin.id, 'join_request', 'Cleo asked to join Stillness Circle', '2026-06-09T21:00:00.000Z', true); // read
    await note(berlin.id, 'heart', 'Dana hearted your post', '2026-06-09T22:00:00.000Z'); // 'Off' by default
    await note(berlin.id, 'comment', 'Eve commented two days ago', '2026-06-08T04:00:00.000Z'); // before the last 24 h
    await note(berlin.id, 'comment', 'After the digest ran', '2026-06-10T05:10:00.000Z'); // after `now`
    await note(la.id, 'subscriber', 'Finn subscribed to Morning Calm', '2026-06-10T10:00:00.000Z');
    await note(la.id, 'comment', 'Gus commented (mailed immediately)', '2026-06-10T11:00:00.000Z');

    // 06:50 in Berlin, 21:50 in Los Angeles: nobody is due
    expect(await run('2026-06-10T04:50:00.000Z')).toMatchObject({ mails: 0 });
    expect(await run('2026-06-10T05:00:00.000Z')).toMatchObject({ mails: 1 }); // 7:00 Berlin
    expect(await run('2026-06-10T05:45:00.000Z')).toMatchObject({ mails: 0 }); // 7:45 Berlin: already sent today
    expect(await run('2026-06-10T06:00:00.000Z')).toMatchObject({ mails: 0 }); // 8:00 Berlin

    const [digest, ...again] = await digestsTo(berlin.email, 1);
    expect(again).toEqual([]);
    expect(digest!.subject).toBe('2 updates from Tend');
    expect(digest!.text).toContain('Ana commented on your post');
    expect(digest!.text).toContain('Ben sent you a message');
    expect(digest!.text).toContain('06/10/2026 06:30'); // the time in Berlin
    for (const absent of ['Cleo', 'Dana', 'Eve', 'After the digest']) expect(digest!.text).not.toContain(absent);
    expect(digest!.html).toContain('Ana commented on your post');
    expect(digest!.html).toContain('http://localhost:3000/post/');
    expect(digest!.text).toContain('as a daily summary');
    // one-click unsubscribe (RFC 8058) from the daily summary
    expect(digest!.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=.+>$/);
    expect(digest!.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(await digestsTo(la.email, 0)).toEqual([]);

    expect(await run('2026-06-10T14:14:00.000Z')).toMatchObject({ mails: 1 }); // 7:14 Los Angeles
    expect(await run('2026-06-10T14:14:00.000Z')).toMatchObject({ mails: 0 }); // the same run again
    const laDigests = await digestsTo(la.email, 1);
    expect(laDigests).toHaveLength(1);
    expect(laDigests[0]!.subject).toBe('1 update from Tend');
    expect(laDigests[0]!.text).toContain('Finn subscribed to Morning Calm');
    expect(laDigests[0]!.text).not.toContain('Gus');
    expect(await digestsTo(berlin.email, 1)).toHaveLength(1);

    // the next day: only what came after the newest notification of the last digest
    await note(berlin.id, 'comment', 'Hana replied overnight', '2026-06-10T22:00:00.000Z');
    expect(await run('2026-06-11T05:00:00.000Z')).toMatchObject({ mails: 1 });
    const [, second] = await digestsTo(berlin.email, 2);
    expect(second!.subject).toBe('2 updates from Tend');
    expect(second!.text).toContain('Hana replied overnight');
    expect(second!.text).toContain('After the digest ran'); // created after the first digest's `now`
    expect(second!.text).not.toContain('Ana commented'); // unread still, but in yesterday's digest
    const [row] = await t.db.select().from(dailyMails).where(eq(dailyMails.userId, berlin.id));
    expect(row).toMatchObject({ digestDay: '2026-06-11', digestThrough: at('2026-06-10T22:00:00.000Z') });

    // nothing new for Luis: no mail, but the day is recorded
    expect(await run('2026-06-11T14:00:00.000Z')).toMatchObject({ mails: 0 });
    const [laRow] = await t.db.select().from(dailyMails).where(eq(dailyMails.userId, la.id));
    expect(laRow).toMatchObject({ digestDay: '2026-06-11', digestThrough: at('2026-06-10T10:00:00.000Z') });
    expect(await digestsTo(la.email, 1)).toHaveLength(1);
  });

  it('sends nothing to a member with no unread digest notifications or an unconfirmed address, and nothing twice when two runs race', async () => {
    const { user: quiet } = await buildUser(t.db, { timeZone: 'Asia/Tokyo' });
    const { user: busy } = await buildUser(t.db, { timeZone: 'Asia/Tokyo' });
    const { user: unconfirmed } = await buildUser(t.db, { timeZone: 'Asia/Tokyo', emailConfirmed: false });
    await note(busy.id, 'comment', 'Ivo commented', '2026-06-11T20:00:00.000Z');
    await note(unconfirmed.id, 'comment', 'Jo commented', '2026-06-11T20:00:00.000Z');
    // 7:05 in Tokyo (UTC+9): two instances run the same tick at once
    const results = await Promise.all([run('2026-06-11T22:05:00.000Z'), run('2026-06-11T22:05:00.000Z')]);
    expect(results.reduce((n, r) => n + r.mails, 0)).toBe(1);
    expect(await digestsTo(busy.email, 1)).toHaveLength(1);
    expect(await digestsTo(quiet.email, 0)).toEqual([]);
    expect(await digestsTo(unconfirmed.email, 0)).toEqual([]); // an address never confirmed gets no digest
  });

  it('pages over the members due, with the same few statements whatever the number of members', async () => {
    // Perth (UTC+8, no daylight saving): 7:00 on 06-20 is 06-19T23:00Z, when no other zone here is at 7:00
    const perth = await Promise.all(Array.from({ length: 5 }, () => buildUser(t.db, { timeZone: 'Australia/Perth' })));
    for (const { user } of perth) await note(user.id, 'comment', `News for ${user.name}`, '2026-06-19T12:00:00.000Z');
    // pages of 2: all five are found, each gets their own
    const result = await sendDueDigests(t.app.ctx, at('2026-06-19T23:00:00.000Z'), { batch: 2 });
    expect(result).toEqual({ due: 5, mails: 5 });
    for (const { user } of perth) {
      const [mail, ...more] = await digestsTo(user.email, 1);
      expect(more).toEqual([]);
      expect(mail!.text).toContain(`News for ${user.name}`);
    }

    // ten members due with nothing to send: a handful of statements, not one or more per member.
    // The job runner shares the connections (PostgreSQL pool), so the fewest of three runs is counted.
    await Promise.all(Array.from({ length: 10 }, () => buildUser(t.db, { timeZone: 'Pacific/Auckland' })));
    const counts: number[] = [];
    for (const day of ['2026-06-21', '2026-06-22', '2026-06-23']) {
      let due = 0;
      counts.push(
        await countQueries(t.database, async () => {
          ({ due } = await sendDueDigests(t.app.ctx, at(`${day}T19:30:00.000Z`))); // 7:30 in Auckland (NZST, UTC+12)
        }),
      );
      expect(due).toBe(10);
    }
    // members (one page), claim, frequencies, notifications
    expect(Math.min(...counts)).toBeLessThanOrEqual(4);
  });
});

describe("the digest's one-click unsubscribe", () => {
  it('turns every type the member gets in the digest to Off, without a session, and leaves the others', async () => {
    const { user } = await buildUser(t.db, { timeZone: 'Europe/Berlin', name: 'Ines' });
    await setFrequency(t.db, user.id, 'message', 'digest');
    await note(user.id, 'comment', 'Jo commented on your post', '2026-07-01T04:00:00.000Z');
    expect(await run('2026-07-01T05:00:00.000Z')).toMatchObject({ mails: 1 });
    const [digest] = await digestsTo(user.email, 1);
    const url = new URL(digest!.headers['list-unsubscribe']!.slice(1, -1));
    const res = await t.app.inject({
      method: 'POST',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'digest', label: 'Daily digest', frequency: 'off' });
    const frequencies = (await loadFrequencies(t.db, [user.id])).get(user.id)!;
    expect(Object.values(frequencies)).not.toContain('digest');
    expect(frequencies.comment).toBe('off');
    expect(frequencies.message).toBe('off');
    expect(frequencies.session).toBe('immediately'); // not in the digest: untouched
    // and the next morning brings no digest
    await note(user.id, 'comment', 'Kai commented too', '2026-07-01T20:00:00.000Z');
    expect(await run('2026-07-02T05:00:00.000Z')).toMatchObject({ mails: 0 });
  });
});
