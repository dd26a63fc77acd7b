import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ExportAnswer } from '../../../common/exports/schemas';
import {
  businessExports,
  comments,
  mediaFiles,
  posts,
  revenueEntries,
  sessionBookings,
  sessions,
} from '../../db/schema';
import { waitFor } from '../../platform/jobs/test/wait-for';
import {
  buildAdmin,
  buildContent,
  buildFacilitator,
  buildGroup,
  buildSubscription,
  buildTier,
  buildUser,
} from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { archiveReadme } from './archive-readme';
import { jsonlRows, unzipAll } from './testing/unzip';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

const MEDIA_BYTES = Buffer.from('ID3-not-really-audio-but-bytes-kept-exactly-\u0000\u00ff');

/** A business with a member, a paid subscription, content with a stored file, a group, a session and revenue. */
async function seedBusiness(name: string) {
  const facilitator = await buildFacilitator(t.db, { name });
  const member = await buildUser(t.db, { name: `${name}'s member` });
  const tier = await buildTier(t.db, facilitator.user.id, { name: `${name} Plan`, price: 12 });
  const key = `${crypto.randomUUID()}.mp3`;
  await t.app.ctx.storage.put(`media/${key}`, Readable.from([MEDIA_BYTES]), 'audio/mpeg');
  await t.db.insert(mediaFiles).values({
    key,
    ownerId: facilitator.user.id,
    contentType: 'audio/mpeg',
    fileType: 'audio',
    size: MEDIA_BYTES.length,
    originalName: 'morning.mp3',
  });
  const item = await buildContent(t.db, facilitator.user.id, [tier.id], { title: `${name} breath`, media: key });
  await buildSubscription(t.db, member.user.id, tier.id, {
    provider: 'stripe',
    providerSubscriptionId: `sub_${name}`,
    status: 'active',
    priceCents: 1200,
  });
  const group = await buildGroup(t.db, facilitator.user.id, { name: `${name} circle` });
  const [post] = await t.db
    .insert(posts)
    .values({ userId: member.user.id, groupId: group.id, text: `${name} post`, heartCount: 3 })
    .returning();
  await t.db.insert(posts).values({ userId: member.user.id, groupId: group.id, text: 'secret', anonymous: true });
  await t.db.insert(comments).values({ postId: post!.id, userId: facilitator.user.id, text: `${name} comment` });
  const [session] = await t.db
    .insert(sessions)
    .values({
      facilitatorId: facilitator.user.id,
      name: `${name} live`,
      startTime: new Date(Date.now() + 3600_000),
      endTime: new Date(Date.now() + 7200_000),
      meetingUrl: 'https://meet.example.com/x',
    })
    .returning();
  await t.db.insert(sessionBookings).values({ sessionId: session!.id, memberId: member.user.id, status: 'booked' });
  await t.db.insert(revenueEntries).values({
    facilitatorId: facilitator.user.id,
    tierId: tier.id,
    tierName: tier.name,
    amountCents: 1200,
    occurredAt: new Date(),
    sourceId: `in_${name}`,
    memberId: member.user.id,
    paymentRef: `pi_${name}`,
  });
  return { facilitator, member, tier, item, key, group, post: post! };
}

async function exportAndWait(token: string, path: string) {
  const res = await call(t.app, 'POST', path, undefined, token);
  expect(res.statusCode).toBe(200);
  const id = (res.json() as ExportAnswer).id;
  return waitFor(
    'the export to be ready',
    async () => {
      const list = (await call(t.app, 'GET', path, undefined, token)).json() as { exports: ExportAnswer[] };
      const row = list.exports.find((e) => e.id === id);
      expect(row?.state).not.toBe('failed');
      return row?.state === 'ready' ? row : undefined;
    },
    30_000,
  );
}

const download = (url: string, token: string) =>
  t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('business export', () => {
  let mine: Awaited<ReturnType<typeof seedBusiness>>;
  let other: Awaited<ReturnType<typeof seedBusiness>>;
  let ready: ExportAnswer;
  let entries: Map<string, Buffer>;

  beforeAll(async () => {
    mine = await seedBusiness('Ada');
    other = await seedBusiness('Zed');
    ready = await exportAndWait(mine.facilitator.token, '/api/app/facilitator/exports');
    const res = await download(ready.downloadUrl!, mine.facilitator.token);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    entries = await unzipAll(res.rawPayload);
  }, 60_000);

  it('holds every table as CSV and JSON Lines, the files, a README and a manifest', () => {
    for (const name of ['users', 'tiers', 'tier_prices', 'content', 'queues', 'subscriptions', 'groups', 'posts'])
      for (const ext of ['csv', 'jsonl']) expect(entries.has(`${name}.${ext}`), `${name}.${ext}`).toBe(true);
    expect(entries.get('README.md')!.toString()).toBe(archiveReadme());
    const manifest = JSON.parse(entries.get('manifest.json')!.toString());
    expect(manifest).toMatchObject({ format: 'tend-export', formatVersion: 1, scope: 'business' });
    expect(manifest.counts).toMatchObject({
      tiers: 1,
      subscriptions: 1,
      posts: 2,
      comments: 1,
      bookings: 1,
      revenue: 1,
    });
    const csv = entries.get('tiers.csv')!;
    expect(manifest.files['tiers.csv'].sha256).toBe(createHash('sha256').update(csv).digest('hex'));
    expect(ready.sizeBytes).toBeGreaterThan(0);
  });

  it('has the rows: subscriptions with provider ids, queues in order, revenue, posts with hearts', () => {
    expect(jsonlRows(entries, 'subscriptions.jsonl')).toEqual([
      expect.objectContaining({
        member_id: mine.member.user.id,
        provider: 'stripe',
        provider_subscription_id: 'sub_Ada',
        status: 'active',
        price_cents: 1200,
      }),
    ]);
    expect(jsonlRows(entries, 'queues.jsonl')).toEqual([
      { tier_id: mine.tier.id, position: 1, content_id: mine.item.id },
    ]);
    expect(jsonlRows(entries, 'revenue.jsonl')[0]).toMatchObject({ amount_cents: 1200, payment_ref: 'pi_Ada' });
    const postRows = jsonlRows(entries, 'posts.jsonl');
    expect(postRows.find((p) => p.text === 'Ada post')).toMatchObject({
      heart_count: 3,
      author_id: mine.member.user.id,
    });
    // an anonymous post keeps its author out of the archive
    expect(postRows.find((p) => p.text === 'secret')).toMatchObject({ author_id: null, author_name: null });
    const tiersCsv = parse(entries.get('tiers.csv')!.toString('utf8'), { columns: true, bom: true });
    expect(tiersCsv).toEqual([expect.objectContaining({ name: 'Ada Plan', price_cents: '1200', published: 'true' })]);
  });

  it("copies the content's stored file byte for byte", () => {
    const files = jsonlRows(entries, 'files.jsonl');
    expect(files).toEqual([
      expect.objectContaining({ key: `media/${mine.key}`, archive_path: `files/media/${mine.key}` }),
    ]);
    expect(entries.get(`files/media/${mine.key}`)).toEqual(MEDIA_BYTES);
  });

  it("holds no other facilitator's data and no secrets", () => {
    // the data, not the README (which names what is left out)
    const everything = [...entries]
      .filter(([name]) => name !== 'README.md')
      .map(([, b]) => b.toString('latin1'))
      .join('\n');
    expect(everything).not.toContain('Zed');
    expect(everything).not.toContain(other.key);
    expect(everything).not.toContain(other.facilitator.user.id);
    expect(everything).not.toMatch(/password|\$argon2|\$scrypt|totp/i);
    expect(everything).not.toContain(mine.facilitator.user.passwordHash);
    // members' addresses stay private; the facilitator's own is there
    const people = jsonlRows(entries, 'users.jsonl');
    expect(people.find((u) => u.id === mine.member.user.id)).toMatchObject({ email: null });
    expect(people.find((u) => u.id === mine.facilitator.user.id)).toMatchObject({ email: mine.facilitator.user.email });
    expect(people).toHaveLength(2);
  });

  it('refuses the link to another user, and to everyone once it has expired', async () => {
    expect((await download(ready.downloadUrl!, other.facilitator.token)).statusCode).toBe(404);
    const forged = ready.downloadUrl!.replace(/sig=[^&]+/, 'sig=forged');
    expect((await download(forged, mine.facilitator.token)).statusCode).toBe(403);
    const later = Date.now() + 25 * 3600_000;
    const now = vi.spyOn(Date, 'now').mockReturnValue(later);
    try {
      const res = await download(ready.downloadUrl!, mine.facilitator.token);
      expect(res.statusCode).toBe(410);
      expect(res.json().error).toBe('export_expired');
    } finally {
      now.mockRestore();
    }
  });

  it('lists exports to their requester only', async () => {
    const theirs = (
      await call(t.app, 'GET', '/api/app/facilitator/exports', undefined, other.facilitator.token)
    ).json();
    expect(theirs.exports.map((e: ExportAnswer) => e.id)).not.toContain(ready.id);
  });

  it('deletes the file once expired and shows the export as expired', async () => {
    await t.db
      .update(businessExports)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(businessExports.id, ready.id));
    const { deleteExpiredExports } = await import('./service');
    expect(await deleteExpiredExports(t.app.ctx)).toEqual({ exports: 1 });
    expect(await t.app.ctx.storage.size(`exports/${ready.id}.zip`)).toBeUndefined();
    const list = (await call(t.app, 'GET', '/api/app/facilitator/exports', undefined, mine.facilitator.token)).json();
    expect(list.exports.find((e: ExportAnswer) => e.id === ready.id)).toMatchObject({
      state: 'expired',
      downloadUrl: null,
    });
  });

  it('mails the requester that the export is ready', async () => {
    const mail = await t.mailbox.latest(mine.facilitator.user.email, /export is ready/);
    expect(mail.text).toContain('/export');
  });
});

describe('who may export', () => {
  it('refuses a member (403) and a visitor (401)', async () => {
    const member = await buildUser(t.db);
    const res = await call(t.app, 'POST', '/api/app/facilitator/exports', undefined, member.token);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('exports_facilitators_only');
    expect((await call(t.app, 'POST', '/api/app/facilitator/exports')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/admin/exports', undefined, member.token)).statusCode).toBe(403);
  });

  it('runs one export at a time per requester, guarded by the database', async () => {
    const f = await buildFacilitator(t.db);
    // a queued export of theirs already there, as if a request in another instance had just written it
    await t.db.insert(businessExports).values({ requestedBy: f.user.id, scope: 'business', state: 'running' });
    const res = await call(t.app, 'POST', '/api/app/facilitator/exports', undefined, f.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('export_running');
    // one cut off hours ago (its process killed on the last try) does not block the next
    await t.db
      .update(businessExports)
      .set({ createdAt: new Date(Date.now() - 4 * 3600_000) })
      .where(eq(businessExports.requestedBy, f.user.id));
    expect((await call(t.app, 'POST', '/api/app/facilitator/exports', undefined, f.token)).statusCode).toBe(200);
    // two requests at once: one is queued, the other refused
    const admin = await buildAdmin(t.db);
    const both = await Promise.all([1, 2].map(() => call(t.app, 'POST', '/api/admin/exports', undefined, admin.token)));
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it("an admin's export covers the whole site: every facilitator, users and settings", async () => {
    const a = await seedBusiness('Kim');
    const b = await seedBusiness('Lou');
    const admin = await buildAdmin(t.db);
    const ready = await exportAndWait(admin.token, '/api/admin/exports');
    expect(ready.scope).toBe('site');
    const entries = await unzipAll((await download(ready.downloadUrl!, admin.token)).rawPayload);
    const tierNames = jsonlRows(entries, 'tiers.jsonl').map((r) => r.name);
    expect(tierNames).toEqual(expect.arrayContaining(['Kim Plan', 'Lou Plan']));
    expect(jsonlRows(entries, 'site_settings.jsonl')).toHaveLength(1);
    const people = jsonlRows(entries, 'users.jsonl');
    expect(people.find((u) => u.id === a.member.user.id)).toMatchObject({ email: a.member.user.email });
    expect(entries.get(`files/media/${b.key}`)).toEqual(MEDIA_BYTES);
    const everything = [...entries.values()].map((x) => x.toString('latin1')).join('\n');
    expect(everything).not.toContain(admin.user.passwordHash);
    expect(everything).not.toMatch(/password_hash|totp_secret|token_hash/i);
    // the facilitator's link is not the admin's
    expect((await download(ready.downloadUrl!, a.facilitator.token)).statusCode).toBe(404);
  }, 60_000);
});
