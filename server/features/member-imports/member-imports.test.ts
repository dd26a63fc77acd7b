import { readFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberImportRows, subscriptions, users } from '../../db/schema';
import { waitFor } from '../../platform/jobs/test/wait-for';
import { buildAdmin, buildFacilitator, buildSubscription, buildTier, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { uploadCsv } from './testing/upload';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const fixture = (name: string) => readFileSync(new URL(`./testing/${name}.csv`, import.meta.url));
const url = (id: string, tail = '') => `/api/app/member-imports/${id}${tail}`;
const mail = () => `m${randomUUID().slice(0, 8)}@example.test`;

async function facilitatorWithTiers() {
  const owner = await buildFacilitator(t.db);
  const gold = await buildTier(t.db, owner.user.id, { name: 'Gold', price: 20 });
  const silver = await buildTier(t.db, owner.user.id, { name: 'Silver', price: 10 });
  return { owner, gold, silver };
}

async function upload(token: string, csv: string | Buffer) {
  const res = await uploadCsv(t.app, token, csv);
  expect(res.statusCode).toBe(200);
  return res.json();
}

async function runAndWait(token: string, id: string, columns: string[], extra: Record<string, unknown> = {}) {
  const run = await call(t.app, 'POST', url(id, '/run'), { columns, mail: 'none', ...extra }, token);
  expect(run.statusCode).toBe(200);
  return waitFor(
    'the import to finish',
    async () => {
      const now = (await call(t.app, 'GET', url(id), undefined, token)).json();
      return now.status === 'done' ? now : undefined;
    },
    30_000,
  );
}

const report = async (token: string, id: string) => {
  const res = await call(t.app, 'GET', url(id, '/report'), undefined, token);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return res.body.trim().split('\n');
};

describe('recognising an export by its header row', () => {
  it.each([
    ['patreon', ['email', 'name', 'tier', 'status', 'notes', 'until']],
    ['ghost', ['email', 'name', 'notes', 'subscribed', 'stripeCustomerId', 'tier']],
    ['substack', ['email', 'tier', 'until', 'unsubscribed']],
    ['kajabi', ['email', 'name', 'tier', 'subscribed']],
  ])('recognises a %s export and maps its columns', async (format, fields) => {
    const { owner } = await facilitatorWithTiers();
    const imp = await upload(owner.token, fixture(format));
    expect(imp.format).toBe(format);
    expect(imp.status).toBe('uploaded');
    for (const f of fields) expect(imp.columns).toContain(f);
  });

  it('gives no tier to a former patron, and previews a Ghost opt-out as no mail', async () => {
    const { owner } = await facilitatorWithTiers();
    const patreon = await upload(owner.token, fixture('patreon'));
    const p = (
      await call(t.app, 'POST', url(patreon._id, '/preview'), { columns: patreon.columns }, owner.token)
    ).json();
    expect(p.rows.map((r: { tier: string | null }) => r.tier)).toEqual(['Gold', null, 'Silver']);
    expect(p.rows[1].reason).toBe('New account; not an active member, so no tier');
    const ghost = await upload(owner.token, fixture('ghost'));
    const g = (await call(t.app, 'POST', url(ghost._id, '/preview'), { columns: ghost.columns }, owner.token)).json();
    // Eli unsubscribed from emails in Ghost: three new accounts, two welcome mails
    expect(g.counts).toMatchObject({ newAccounts: 3, mails: 2, errors: 0 });
  });

  it('leaves any other file to be mapped column by column, and refuses what is not CSV', async () => {
    const { owner } = await facilitatorWithTiers();
    const imp = await upload(owner.token, 'Who,Contact,Level\nAl,al@example.test,Gold\n');
    expect(imp.format).toBe('other');
    expect(imp.columns).toEqual(['ignore', 'ignore', 'tier']);
    const noEmail = await call(t.app, 'POST', url(imp._id, '/preview'), { columns: imp.columns }, owner.token);
    expect(noEmail.json()).toMatchObject({ error: 'member_import_no_email_column' });
    const empty = await uploadCsv(t.app, owner.token, '');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ error: 'member_import_not_csv' });
  });
});

describe('who may import', () => {
  it('refuses members and other facilitators; the facilitator and an admin may', async () => {
    const { owner } = await facilitatorWithTiers();
    const member = await buildUser(t.db);
    const refused = await uploadCsv(t.app, member.token, 'email\na@example.test\n');
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ error: 'member_import_facilitators_only' });
    const imp = await upload(owner.token, 'email\na@example.test\n');
    expect((await call(t.app, 'GET', url(imp._id), undefined, member.token)).statusCode).toBe(403);
    const other = await buildFacilitator(t.db);
    expect((await call(t.app, 'GET', url(imp._id), undefined, other.token)).statusCode).toBe(404);
    const admin = await buildAdmin(t.db);
    expect((await call(t.app, 'GET', url(imp._id), undefined, admin.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', url(imp._id))).statusCode).toBe(401);
  });
});

describe('preview, run and report', () => {
  it('previews every row without writing, imports the good rows, reports the bad ones, and changes nothing the second time', async () => {
    const { owner, gold, silver } = await facilitatorWithTiers();
    const existing = await buildUser(t.db);
    await buildSubscription(t.db, existing.user.id, gold.id, { status: 'active', provider: 'stripe' });
    const other = await buildUser(t.db);
    const fresh = mail();
    const csv = [
      'Contact,Full name,Level',
      `${fresh},New Person,gold`,
      `${existing.user.email},,Gold`,
      `${other.user.email},,Silver`,
      'not-an-address,Bad,Gold',
      `${mail()},Unknown,Platinum`,
      `${fresh.toUpperCase()},Twice,Gold`,
      `${owner.user.email},Me,Gold`,
    ].join('\n');
    const imp = await upload(owner.token, csv);
    const columns = ['email', 'name', 'tier'];
    const usersBefore = (await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n;

    const preview = await call(t.app, 'POST', url(imp._id, '/preview'), { columns }, owner.token);
    expect(preview.statusCode).toBe(200);
    const p = preview.json();
    expect(p.counts).toEqual({ rows: 7, newAccounts: 1, joinsTier: 1, noChange: 1, errors: 4, mails: 1 });
    expect(p.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
      'new_account',
      'no_change',
      'joins_tier',
      'error',
      'error',
      'error',
      'error',
    ]);
    expect(p.rows[3].reason).toMatch(/Invalid email/);
    expect(p.rows[4].reason).toMatch(/Unknown tier “Platinum”/);
    expect(p.rows[5].reason).toMatch(/Duplicate/);
    expect(p.tierValues).toEqual(
      expect.arrayContaining([
        { value: 'platinum', tierId: null, rows: 1 },
        { value: 'gold', tierId: gold.id, rows: 5 },
      ]),
    );
    expect(p.tiers.map((x: { name: string }) => x.name).sort()).toEqual(['Gold', 'Silver']);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(usersBefore);

    const done = await runAndWait(owner.token, imp._id, columns);
    expect(done.counts).toEqual({ ...p.counts, mails: 0 });
    expect(done.rowsDone).toBe(7);
    expect(done.rowsTotal).toBe(7);
    const [created] = await t.db.select().from(users).where(eq(users.email, fresh));
    expect(created).toBeDefined();
    const held = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, created!.id), eq(subscriptions.tierId, gold.id)));
    expect(held[0]).toMatchObject({ provider: 'complimentary', status: 'active' });
    const joined = await t.db
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, other.user.id), eq(subscriptions.tierId, silver.id)));
    expect(joined[0]).toMatchObject({ provider: 'complimentary' });
    // the paying member keeps their own subscription
    const paid = await t.db.select().from(subscriptions).where(eq(subscriptions.userId, existing.user.id));
    expect(paid.map((s) => s.provider)).toEqual(['stripe']);
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(usersBefore + 1);

    const lines = await report(owner.token, imp._id);
    expect(lines[0]).toBe('row,email,outcome,reason');
    expect(lines).toHaveLength(8);
    expect(lines[1]).toBe(`1,${fresh},new_account,New account; joins Gold (complimentary)`);
    expect(lines[4]).toBe('4,not-an-address,error,Invalid email address “not-an-address”');

    const again = await runAndWait(owner.token, (await upload(owner.token, csv))._id, columns);
    expect(again.counts).toEqual({ rows: 7, newAccounts: 0, joinsTier: 0, noChange: 3, errors: 4, mails: 0 });
    expect((await t.db.select({ n: sql<number>`count(*)::int` }).from(users))[0]!.n).toBe(usersBefore + 1);

    const twice = await call(t.app, 'POST', url(imp._id, '/run'), { columns, mail: 'none' }, owner.token);
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ error: 'member_import_already_run' });
  });

  it('maps tier values by hand and refuses a tier that is not the facilitator’s', async () => {
    const { owner, gold } = await facilitatorWithTiers();
    const stranger = await facilitatorWithTiers();
    const imp = await upload(owner.token, fixture('substack'));
    const body = (tierValues: Record<string, string | null>) => ({ columns: imp.columns, tierValues });
    const unmapped = (await call(t.app, 'POST', url(imp._id, '/preview'), body({}), owner.token)).json();
    expect(unmapped.counts.errors).toBe(2);
    const mapped = await call(
      t.app,
      'POST',
      url(imp._id, '/preview'),
      body({ yearly: gold.id, free: null }),
      owner.token,
    );
    expect(mapped.json().counts).toMatchObject({ errors: 0 });
    expect(mapped.json().rows[0]).toMatchObject({ tier: 'Gold' });
    const foreign = await call(
      t.app,
      'POST',
      url(imp._id, '/preview'),
      body({ yearly: stranger.gold.id }),
      owner.token,
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json()).toMatchObject({ error: 'member_import_tier_not_yours' });
  });
});

describe('welcome mails', () => {
  const rowsOf = (importId: string) =>
    t.db
      .select()
      .from(memberImportRows)
      .where(eq(memberImportRows.importId, importId))
      .orderBy(memberImportRows.rowNumber);

  it('sends now within the throttle, never to an address that opted out, and not to existing accounts', async () => {
    const { owner } = await facilitatorWithTiers();
    const known = await buildUser(t.db);
    const [a, b, c, out] = [mail(), mail(), mail(), mail()];
    const csv = `email,name,subscribed_to_emails\n${a},A,true\n${out},Out,false\n${b},B,\n${known.user.email},K,true\n${c},C,yes\n`;
    const imp = await upload(owner.token, csv);
    await runAndWait(owner.token, imp._id, ['email', 'name', 'subscribed'], { mail: 'now', perMinute: 2 });
    await t.mailbox.latest(a, /moved your membership/);
    await t.mailbox.latest(b, /moved your membership/);
    const rows = await rowsOf(imp._id);
    expect(rows.map((r) => r.mailStatus)).toEqual(['sent', 'opted_out', 'sent', 'none', 'pending']);
    // the third new member waits for the next minute's slot
    expect(rows[4]!.mailAfter!.getTime() - rows[0]!.mailAfter!.getTime()).toBe(60_000);
    expect(t.mailbox.count(out)).toBe(0);
    expect(t.mailbox.count(known.user.email)).toBe(0);
    expect(t.mailbox.count(c)).toBe(0);
    // the welcome link sets the password of the new account
    expect((await t.mailbox.latest(a)).text).toMatch(/\/passwordReset\?token=/);
  });

  it('schedules the mails for a later time, or sends none', async () => {
    const { owner } = await facilitatorWithTiers();
    const later = new Date(Date.now() + 86_400_000);
    const scheduled = await upload(owner.token, `email\n${mail()}\n${mail()}\n`);
    await runAndWait(owner.token, scheduled._id, ['email'], { mail: 'scheduled', mailAt: later.toISOString() });
    const rows = await rowsOf(scheduled._id);
    expect(rows.map((r) => r.mailStatus)).toEqual(['pending', 'pending']);
    expect(rows[0]!.mailAfter!.getTime()).toBe(later.getTime());

    const none = await upload(owner.token, `email\n${mail()}\n`);
    await runAndWait(owner.token, none._id, ['email'], { mail: 'none' });
    expect((await rowsOf(none._id)).map((r) => r.mailStatus)).toEqual(['none']);

    const past = await upload(owner.token, `email\n${mail()}\n`);
    const refused = await call(
      t.app,
      'POST',
      url(past._id, '/run'),
      { columns: ['email'], mail: 'scheduled', mailAt: new Date(Date.now() - 60_000).toISOString() },
      owner.token,
    );
    expect(refused.json()).toMatchObject({ error: 'member_import_mail_at_past' });
  });
});
