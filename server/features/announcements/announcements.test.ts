import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { announcements, notifications } from '../../db/schema';
import { setFrequency } from '../notifications/email-preferences';
import { readUnsubscribeToken } from '../notifications/unsubscribe-link';
import { buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const letter = {
  subject: 'Retreat in May',
  body: 'Dear all,\n\nWe meet **at dawn**. [Details](https://tend.example/retreat)',
};

/** A facilitator with a tier of `members` active subscribers. */
async function facilitatorWithMembers(members: number, name = 'Maya Stone') {
  const facilitator = await buildFacilitator(t.db, { name });
  const tier = await buildTier(t.db, facilitator.user.id, { name: 'Morning Calm' });
  const people = [];
  for (let i = 0; i < members; i++) {
    const member = await buildUser(t.db);
    await buildSubscription(t.db, member.user.id, tier.id);
    people.push(member);
  }
  return { facilitator, tier, members: people };
}

/** Mails the in-test SMTP server received for `to`, after giving queued jobs a moment. */
const mailsTo = (to: string) => t.mailbox.received.filter((m) => m.to === to.toLowerCase());

describe('who may announce', () => {
  it('refuses visitors (401) on every call', async () => {
    for (const [method, url] of [
      ['POST', '/api/app/announcement'],
      ['POST', '/api/app/announcement/preview'],
      ['POST', '/api/app/announcement/test'],
      ['GET', '/api/app/announcement'],
      ['GET', '/api/app/announcement/audience'],
    ] as const) {
      const res = await call(t.app, method, url, method === 'POST' ? { tierId: null, ...letter } : undefined);
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('refuses members (403 announcement_facilitators_only) on every call', async () => {
    const { token } = await buildUser(t.db);
    for (const [method, url] of [
      ['POST', '/api/app/announcement'],
      ['POST', '/api/app/announcement/preview'],
      ['POST', '/api/app/announcement/test'],
      ['GET', '/api/app/announcement'],
      ['GET', '/api/app/announcement/audience'],
    ] as const) {
      const res = await call(t.app, method, url, method === 'POST' ? { tierId: null, ...letter } : undefined, token);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().error).toBe('announcement_facilitators_only');
    }
  });

  it("refuses another facilitator's tier as if it did not exist (404), and sends nothing", async () => {
    const { tier } = await facilitatorWithMembers(1, 'Other Owner');
    const { token } = await buildFacilitator(t.db);
    for (const url of ['/api/app/announcement', '/api/app/announcement/preview', '/api/app/announcement/test']) {
      const res = await call(t.app, 'POST', url, { tierId: tier.id, ...letter }, token);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().error).toBe('announcement_tier_not_found');
    }
    expect(await t.db.select().from(announcements).where(eq(announcements.tierId, tier.id))).toEqual([]);
  });

  it('validates the subject (1-150) and the body (1-20,000)', async () => {
    const { token } = await buildFacilitator(t.db);
    for (const body of [
      { tierId: null, subject: '', body: 'x' },
      { tierId: null, subject: 'x'.repeat(151), body: 'x' },
      { tierId: null, subject: 'Hi', body: '   ' },
      { tierId: null, subject: 'Hi', body: 'x'.repeat(20_001) },
      { tierId: 'not-an-id', subject: 'Hi', body: 'x' },
    ]) {
      const res = await call(t.app, 'POST', '/api/app/announcement', body, token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_input');
    }
  });

  it('refuses to send to a plan nobody subscribes to (400 announcement_no_recipients)', async () => {
    const { facilitator, tier } = await facilitatorWithMembers(0);
    const res = await call(t.app, 'POST', '/api/app/announcement', { tierId: tier.id, ...letter }, facilitator.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('announcement_no_recipients');
  });
});

describe('sending an announcement', () => {
  it('reaches the 3 members of the tier as notifications and mails the 2 who did not turn announcements off', async () => {
    const { facilitator, tier, members } = await facilitatorWithMembers(3);
    const [a, b, off] = members as [(typeof members)[0], (typeof members)[0], (typeof members)[0]];
    await setFrequency(t.db, off.user.id, 'announcement', 'off');
    // not reached: an ended subscription, and a member of another of my tiers
    const ended = await buildUser(t.db);
    await buildSubscription(t.db, ended.user.id, tier.id, { endDate: new Date('2020-01-01') });
    const otherTier = await buildTier(t.db, facilitator.user.id, { name: 'Evening Rest' });
    const elsewhere = await buildUser(t.db);
    await buildSubscription(t.db, elsewhere.user.id, otherTier.id);

    const res = await call(t.app, 'POST', '/api/app/announcement', { tierId: tier.id, ...letter }, facilitator.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      recipientCount: 3,
      tierId: tier.id,
      tierName: 'Morning Calm',
      subject: letter.subject,
    });

    const notes = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.type, 'announcement'), eq(notifications.link, `/profile/${facilitator.user.id}`)));
    expect(notes.map((n) => n.userId).sort()).toEqual([a.user.id, b.user.id, off.user.id].sort());
    expect(notes.every((n) => n.message === 'Maya Stone: Retreat in May' && n.mailPending === false)).toBe(true);

    for (const member of [a, b]) {
      const mail = await t.mailbox.latest(member.user.email, /Retreat in May/);
      expect(mail.subject).toBe('Retreat in May');
      expect(mail.html).toContain('<strong>at dawn</strong>');
      expect(mail.html).toContain('href="https://tend.example/retreat"');
      expect(mail.html).toContain('Maya Stone wrote to the members of Morning Calm');
      expect(mail.text).toContain('at dawn');
      expect(mail.text).toContain('Details https://tend.example/retreat');
      expect(mail.text).toContain(`/profile/${facilitator.user.id}`);
      expect(mail.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/unsubscribe\?token=.+>$/);
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.text).toContain('you subscribe to a facilitator who sent an announcement');
      // rendered once, made each member's own: the unsubscribe token in the header and the footer is theirs
      const headerToken = decodeURIComponent(/token=([^>]+)>/.exec(mail.headers['list-unsubscribe']!)![1]!);
      expect(readUnsubscribeToken(t.app.ctx.config.appSecret, headerToken)).toEqual({
        userId: member.user.id,
        type: 'announcement',
      });
      expect(mail.html).toContain(`/unsubscribe?token=${encodeURIComponent(headerToken)}`);
      expect(mail.text).toContain(`/unsubscribe?token=${encodeURIComponent(headerToken)}`);
      expect(mail.html + mail.text).not.toMatch(/template\.invalid|00000000-0000/);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(mailsTo(off.user.email)).toEqual([]);
    expect(mailsTo(ended.user.email)).toEqual([]);
    expect(mailsTo(elsewhere.user.email)).toEqual([]);
    expect(mailsTo(facilitator.user.email)).toEqual([]);
  });

  it('to all my plans, counts a member of two plans once', async () => {
    const { facilitator, members } = await facilitatorWithMembers(2);
    const second = await buildTier(t.db, facilitator.user.id, { name: 'Course' });
    await buildSubscription(t.db, members[0]!.user.id, second.id);
    const audience = await call(t.app, 'GET', '/api/app/announcement/audience', undefined, facilitator.token);
    expect(audience.json()).toMatchObject({
      all: 2,
      tiers: [
        { name: 'Morning Calm', recipientCount: 2 },
        { name: 'Course', recipientCount: 1 },
      ],
    });

    const res = await call(t.app, 'POST', '/api/app/announcement', { tierId: null, ...letter }, facilitator.token);
    expect(res.json()).toMatchObject({ recipientCount: 2, tierId: null, tierName: null });
    const mail = await t.mailbox.latest(members[0]!.user.email, /Retreat in May/);
    expect(mail.html).toContain('Maya Stone wrote to all their members');
    const notes = await t.db.select().from(notifications).where(eq(notifications.userId, members[0]!.user.id));
    expect(notes.filter((n) => n.type === 'announcement')).toHaveLength(1);
  });

  it('sends a test only to the facilitator: no announcement, no notification', async () => {
    const { facilitator, tier, members } = await facilitatorWithMembers(1, 'Tess Tester');
    const res = await call(
      t.app,
      'POST',
      '/api/app/announcement/test',
      { tierId: tier.id, subject: 'Test drive', body: 'Hello' },
      facilitator.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ sentTo: facilitator.user.email });
    const mail = await t.mailbox.latest(facilitator.user.email, /Test drive/);
    expect(mail.subject).toBe('[Test] Test drive');
    expect(mail.html).toContain('Tess Tester wrote to the members of Morning Calm');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mailsTo(members[0]!.user.email)).toEqual([]);
    expect(await t.db.select().from(announcements).where(eq(announcements.facilitatorId, facilitator.user.id))).toEqual(
      [],
    );
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, members[0]!.user.id))).toEqual([]);
  });

  it('previews the mail as HTML, with the Markdown rendered and raw HTML shown as text', async () => {
    const { facilitator } = await facilitatorWithMembers(1);
    const res = await call(
      t.app,
      'POST',
      '/api/app/announcement/preview',
      { subject: 'Hi', body: '# Welcome\n\n<script>alert(1)</script> [x](javascript:alert(1))' },
      facilitator.token,
    );
    expect(res.statusCode).toBe(200);
    const { html, text } = res.json();
    expect(html).toMatch(/<h1 style="[^"]*">Welcome<\/h1>/);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toMatch(/href="javascript:/i);
    expect(html).toContain('Maya Stone wrote to all their members');
    expect(text).toMatch(/welcome/i); // html-to-text writes headings in capitals
  });

  it('allows 10 announcements a day per facilitator, then 429', async () => {
    const { facilitator, members } = await facilitatorWithMembers(1);
    await setFrequency(t.db, members[0]!.user.id, 'announcement', 'off');
    for (let i = 0; i < 10; i++) {
      const res = await call(
        t.app,
        'POST',
        '/api/app/announcement',
        { tierId: null, subject: `No. ${i}`, body: 'x' },
        facilitator.token,
      );
      expect(res.statusCode).toBe(200);
    }
    const refused = await call(
      t.app,
      'POST',
      '/api/app/announcement',
      { tierId: null, subject: 'One more', body: 'x' },
      facilitator.token,
    );
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
  });
});

describe('my past announcements', () => {
  it('lists mine newest first with their counts, paged with the next-cursor header; never another facilitator’s', async () => {
    const { facilitator, tier } = await facilitatorWithMembers(2);
    const other = await facilitatorWithMembers(1);
    await call(
      t.app,
      'POST',
      '/api/app/announcement',
      { tierId: null, subject: 'Not mine', body: 'x' },
      other.facilitator.token,
    );
    for (const [i, createdAt] of ['2026-01-01T10:00:00Z', '2026-01-02T10:00:00Z', '2026-01-03T10:00:00Z'].entries()) {
      await t.db.insert(announcements).values({
        facilitatorId: facilitator.user.id,
        tierId: i === 1 ? tier.id : null,
        subject: `Letter ${i + 1}`,
        bodyMarkdown: 'x',
        recipientCount: i + 1,
        createdAt: new Date(createdAt),
      });
    }
    const first = await call(t.app, 'GET', '/api/app/announcement?limit=2', undefined, facilitator.token);
    expect(first.statusCode).toBe(200);
    expect(first.json().map((a: { subject: string; recipientCount: number }) => [a.subject, a.recipientCount])).toEqual(
      [
        ['Letter 3', 3],
        ['Letter 2', 2],
      ],
    );
    expect(first.json()[1].tierName).toBe('Morning Calm');
    const cursor = first.headers['next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await call(
      t.app,
      'GET',
      `/api/app/announcement?limit=2&cursor=${cursor}`,
      undefined,
      facilitator.token,
    );
    expect(second.json().map((a: { subject: string }) => a.subject)).toEqual(['Letter 1']);
    expect(second.headers['next-cursor']).toBeUndefined();
  });
});
