import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmailFrequency, NotificationType } from '../../../common/notifications/types';
import { notifications } from '../../db/schema';
import { buildGroup, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import type { ReceivedMail } from '../../test/mailbox';
import { sendPendingNotificationMails, subjectOf } from './mails';
import { notify } from './service';
import { unsubscribeToken } from './unsubscribe-link';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

/** What the every-minute job does, run now: queue the pending mails (the mail job then sends them). */
const dispatch = () => sendPendingNotificationMails(t.app.ctx);

const setFrequency = (token: string, type: NotificationType, frequency: EmailFrequency) =>
  call(t.app, 'POST', '/api/app/email-preferences', { type, frequency }, token);

/** The one-click address of a mail's List-Unsubscribe header. */
const oneClickOf = (mail: ReceivedMail) => {
  const m = /^<([^>]+)>$/.exec(mail.headers['list-unsubscribe'] ?? '');
  if (!m) throw new Error(`No List-Unsubscribe header: ${JSON.stringify(mail.headers)}`);
  return new URL(m[1]!);
};

/** Waits until the mail job has had time to send what was queued, then counts mails to `to`. */
async function settledCount(to: string) {
  await new Promise((resolve) => setTimeout(resolve, 400));
  return t.mailbox.count(to);
}

/** Every notification type the features produce, with a message like theirs and a link into the app. */
const TYPES: { type: NotificationType; message: string; link: string; subject: RegExp }[] = [
  {
    type: 'comment',
    message: 'Ana commented on your post.',
    link: '/post/p1',
    subject: /^Ana commented on your post$/,
  },
  {
    type: 'heart',
    message: 'Ana hearted your post.',
    link: '/post/p2',
    subject: /^Ana hearted your post$/,
  },
  { type: 'join_request', message: 'Ana asked to join Stillness.', link: '/group/g1', subject: /asked to join/ },
  { type: 'request_decided', message: 'You are now a member of Stillness.', link: '/group/g1', subject: /member of/ },
  { type: 'subscriber', message: 'Ana subscribed to Daily calm.', link: '/dashboard', subject: /subscribed/ },
  { type: 'message', message: 'New message from Ana.', link: '/messages?room=r1', subject: /New message/ },
  {
    type: 'payment',
    message: 'We could not renew Daily calm: your card was declined. Update your payment details to keep your access.',
    link: '/subscriptions',
    subject: /^We could not renew Daily calm: your card was declined\. Update your payment…$/,
  },
];

describe('notification mails', () => {
  it.each(TYPES)(
    'a $type notification set to immediately is mailed to its recipient, with both parts, its link and one-click unsubscribe',
    async (c) => {
      const me = await buildUser(t.db);
      // message and payment mail at once by default; the member sets the others (hearts are off by default)
      expect((await setFrequency(me.token, c.type, 'immediately')).statusCode).toBe(200);
      await notify(t.db, { userId: me.user.id, type: c.type, message: c.message, link: c.link });

      await dispatch();
      const mail = await t.mailbox.latest(me.user.email, c.subject);

      expect(mail.to).toBe(me.user.email.toLowerCase());
      expect(mail.html).toContain(c.message.replaceAll("'", '&#x27;'));
      expect(mail.html).toContain(`href="http://localhost:3000${c.link}"`);
      expect(mail.html).toContain('Open in Tend');
      expect(mail.text).toContain(`Hi ${me.user.name},`);
      expect(mail.text).toContain(c.message);
      expect(mail.text).toContain(`http://localhost:3000${c.link}`);
      expect(mail.text).toMatch(/Unsubscribe from these emails/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      const oneClick = oneClickOf(mail);
      expect(oneClick.pathname).toBe('/api/unsubscribe');
      expect(oneClick.searchParams.get('token')).toBeTruthy();
      // the footer's link is the web page with the same token
      expect(mail.text).toContain(
        `http://localhost:3000/unsubscribe?token=${encodeURIComponent(oneClick.searchParams.get('token')!)}`,
      );

      // sent once: the mark is cleared, and a second run finds nothing of mine
      const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
      expect(row!.mailPending).toBe(false);
      await dispatch();
      expect(await settledCount(me.user.email)).toBe(1);
    },
  );

  it('mails a join request made through the real route to the group owner', async () => {
    const owner = await buildUser(t.db);
    const member = await buildUser(t.db, { name: 'Bea Asker' });
    const group = await buildGroup(t.db, owner.user.id, { name: 'Quiet Mornings', isPrivate: true });
    await setFrequency(owner.token, 'join_request', 'immediately');

    const res = await call(t.app, 'POST', `/api/app/join-group/${group.id}`, { text: 'Hello' }, member.token);
    expect(res.statusCode).toBe(200);
    await dispatch();

    const mail = await t.mailbox.latest(owner.user.email, /Bea Asker asked to join Quiet Mornings/);
    expect(mail.text).toContain(`http://localhost:3000/group/${group.id}`);
    expect(mail.headers['list-unsubscribe']).toMatch(/^<http:\/\/localhost:3000\/api\/unsubscribe\?token=/);
    expect(t.mailbox.count(member.user.email)).toBe(0);
  });

  it('sends nothing at once for a type set to the digest or off, or left at its default of digest or off', async () => {
    const me = await buildUser(t.db);
    await setFrequency(me.token, 'payment', 'digest');
    await setFrequency(me.token, 'message', 'off');
    const quiet: NotificationType[] = ['payment', 'message', 'comment', 'heart', 'join_request', 'subscriber'];
    for (const type of quiet) await notify(t.db, { userId: me.user.id, type, message: `Quiet ${type}.`, link: '/' });
    // then one that does mail (session is immediately by default), so the job has run past the others
    await notify(t.db, { userId: me.user.id, type: 'session', message: 'Your session was moved.', link: '/profile' });

    await dispatch();
    await t.mailbox.latest(me.user.email, /Your session was moved/);
    expect(await settledCount(me.user.email)).toBe(1);
  });

  it('does not mail an address that is not confirmed, and clears its mark', async () => {
    const me = await buildUser(t.db, { emailConfirmed: false });
    await notify(t.db, { userId: me.user.id, type: 'message', message: 'New message from Ana.', link: '/messages' });
    await dispatch();
    const [row] = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(row!.mailPending).toBe(false);
    expect(await settledCount(me.user.email)).toBe(0);
  });

  it('does not mail a notification that is its feature`s own richer mail (mail: false)', async () => {
    const me = await buildUser(t.db);
    await notify(t.db, { userId: me.user.id, type: 'session', message: 'Booked.', link: '/profile', mail: false });
    await dispatch();
    expect(await settledCount(me.user.email)).toBe(0);
  });

  it('takes the oldest first and a batch at a time', async () => {
    const me = await buildUser(t.db);
    const at = Date.now() - 10 * 60_000;
    await notify(
      t.db,
      [0, 1, 2].map((i) => ({
        userId: me.user.id,
        type: 'message' as const,
        message: `Batch message ${i}.`,
        link: '/messages',
        createdAt: new Date(at + i * 1000),
      })),
    );
    // other tests' rows are newer than these, so a batch of two takes my first two
    const first = await sendPendingNotificationMails(t.app.ctx, { limit: 2 });
    expect(first.more).toBe(true);
    const rows = await t.db.select().from(notifications).where(eq(notifications.userId, me.user.id));
    expect(rows.filter((r) => r.mailPending).map((r) => r.message)).toEqual(['Batch message 2.']);
    await dispatch();
    await t.mailbox.latest(me.user.email, /Batch message 2/);
    expect(await settledCount(me.user.email)).toBe(3);
  });

  it('a batch taken again after a crash (its mark not cleared) sends each mail once: the key', async () => {
    const me = await buildUser(t.db);
    await notify(t.db, { userId: me.user.id, type: 'message', message: 'New message from Kim.', link: '/messages' });
    await dispatch();
    await t.mailbox.latest(me.user.email, /New message from Kim/);
    // as if the process died after queueing, before its transaction committed
    await t.db.update(notifications).set({ mailPending: true }).where(eq(notifications.userId, me.user.id));
    expect((await dispatch()).queued).toBeGreaterThanOrEqual(1);
    expect(await settledCount(me.user.email)).toBe(1);
  });

  it('two dispatchers at once (two instances) send each mail once', async () => {
    const people = await Promise.all([buildUser(t.db), buildUser(t.db), buildUser(t.db)]);
    await notify(
      t.db,
      people.map((p, i) => ({ userId: p.user.id, type: 'payment' as const, message: `Receipt ${i}.`, link: '/' })),
    );
    const [one, two] = await Promise.all([
      sendPendingNotificationMails(t.app.ctx, { limit: 2 }),
      sendPendingNotificationMails(t.app.ctx, { limit: 2 }),
    ]);
    await dispatch();
    // on PostgreSQL the second skips the rows the first has locked: nobody renders a mail twice
    if (t.app.ctx.database.kind === 'postgres') expect(one.queued + two.queued).toBeLessThanOrEqual(3);
    for (const [i, p] of people.entries()) await t.mailbox.latest(p.user.email, new RegExp(`Receipt ${i}`));
    for (const p of people) expect(await settledCount(p.user.email)).toBe(1);
  });

  it('registers the every-minute job that dispatches them', async () => {
    const me = await buildUser(t.db);
    await notify(t.db, { userId: me.user.id, type: 'payment', message: 'A refund was made.', link: '/subscriptions' });
    // run the job as the scheduler would, on the job runner
    await t.app.ctx.jobs.send('notification-mails');
    expect((await t.mailbox.latest(me.user.email, /A refund was made/)).to).toBe(me.user.email.toLowerCase());
  });
});

describe('one-click unsubscribe', () => {
  it('following the mail`s List-Unsubscribe without a session turns that type off, and the next one is not mailed', async () => {
    const me = await buildUser(t.db);
    await notify(t.db, { userId: me.user.id, type: 'message', message: 'New message from Cy.', link: '/messages' });
    await dispatch();
    const mail = await t.mailbox.latest(me.user.email, /New message from Cy/);

    // what a mail app does (RFC 8058): a form POST of List-Unsubscribe=One-Click, no cookie, no token
    const oneClick = oneClickOf(mail);
    const res = await t.app.inject({
      method: 'POST',
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ type: 'message', label: 'Direct messages while you are away', frequency: 'off' });

    const prefs = await call(t.app, 'GET', '/api/app/email-preferences', undefined, me.token);
    expect(prefs.json().find((p: { type: string }) => p.type === 'message').frequency).toBe('off');
    // other types are untouched
    expect(prefs.json().find((p: { type: string }) => p.type === 'payment').frequency).toBe('immediately');

    await notify(t.db, { userId: me.user.id, type: 'message', message: 'New message from Dee.', link: '/messages' });
    await notify(t.db, { userId: me.user.id, type: 'payment', message: 'Your payment went through.', link: '/' });
    await dispatch();
    await t.mailbox.latest(me.user.email, /Your payment went through/);
    expect(await settledCount(me.user.email)).toBe(2);
    expect(t.mailbox.received.some((m) => /Dee/.test(m.subject))).toBe(false);
  });

  it('the /unsubscribe page: tells what the link is about, then turns it off with a JSON POST', async () => {
    const me = await buildUser(t.db);
    const token = unsubscribeToken(t.app.ctx.config.appSecret, me.user.id, 'comment');
    const q = `token=${encodeURIComponent(token)}`;

    const info = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/info?${q}` });
    expect(info.statusCode).toBe(200);
    expect(info.json()).toEqual({ type: 'comment', label: 'Comments and replies on your posts', frequency: 'digest' });

    const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?${q}`, payload: {} });
    expect(res.statusCode).toBe(200);
    expect(res.json().frequency).toBe('off');
    // a second click is fine
    expect((await t.app.inject({ method: 'POST', url: `/api/unsubscribe?${q}` })).statusCode).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/unsubscribe/info?${q}` });
    expect(after.json().frequency).toBe('off');
  });

  it('refuses a forged, altered or missing token with invalid_unsubscribe_link', async () => {
    const me = await buildUser(t.db);
    const victim = await buildUser(t.db);
    const mine = unsubscribeToken(t.app.ctx.config.appSecret, me.user.id, 'message');
    const forged = unsubscribeToken('not-the-app-secret-at-all-0000000000', victim.user.id, 'message');
    // my signature on a payload naming someone else
    const swapped = `${Buffer.from(`${victim.user.id}:message`).toString('base64url')}.${mine.split('.')[1]}`;
    for (const token of [forged, swapped, 'garbage', `${mine}x`]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/unsubscribe?token=${encodeURIComponent(token)}` });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'invalid_unsubscribe_link', message: expect.any(String) });
      const info = await t.app.inject({
        method: 'GET',
        url: `/api/unsubscribe/info?token=${encodeURIComponent(token)}`,
      });
      expect(info.statusCode).toBe(400);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/unsubscribe' })).statusCode).toBe(400);
    const prefs = await call(t.app, 'GET', '/api/app/email-preferences', undefined, victim.token);
    expect(prefs.json().find((p: { type: string }) => p.type === 'message').frequency).toBe('immediately');
  });
});

describe('subjectOf', () => {
  it('drops the full stop and cuts a long message at a word, with an ellipsis', () => {
    expect(subjectOf('Ana hearted your post.')).toBe('Ana hearted your post');
    const long = subjectOf(
      'The price of Morning Sit changed while you were paying, so that checkout was closed and nothing was charged.',
    );
    expect(long.length).toBeLessThanOrEqual(78);
    expect(long).toBe('The price of Morning Sit changed while you were paying, so that checkout was…');
  });
});
