import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, contentImportItems, contentImports, mediaFiles, tiers } from '../../db/schema';
import { buildContent, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { wavTone } from '../../test/media';
import { waitFor } from '../../platform/jobs/test/wait-for';

let t: TestApp;
let restarted: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
beforeAll(async () => {
  t = await startTestApp({ uploadQuotaMb: 1 });
});
afterAll(async () => {
  if (!restarted) return t?.close();
  await restarted.close();
  await t.mailbox.close();
  await t.database.close();
});

type Upload = { name: string; bytes: Buffer; title?: string; size?: number; type?: string };

/** The body the files tab sends: the `items` list first, then each file in the same order. */
async function sendFiles(token: string, tierId: string, files: Upload[], items?: unknown) {
  const form = new FormData();
  const manifest = items ?? files.map((f) => ({ name: f.name, size: f.size ?? f.bytes.length, title: f.title }));
  form.append('items', JSON.stringify(manifest));
  for (const f of files)
    form.append('file', new Blob([new Uint8Array(f.bytes)], { type: f.type ?? 'audio/wav' }), f.name);
  const req = new Request('http://localhost/', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/app/content-imports/files?tierId=${tierId}`,
    headers: { 'content-type': req.headers.get('content-type')!, authorization: `Bearer ${token}` },
    payload: Buffer.from(await req.arrayBuffer()),
  });
}

const itemsOf = (importId: string) =>
  t.db
    .select()
    .from(contentImportItems)
    .where(eq(contentImportItems.importId, importId))
    .orderBy(contentImportItems.position);

const finished = (importId: string, ms = 30_000) =>
  waitFor(
    'the import to finish',
    async () => {
      const items = await itemsOf(importId);
      return items.every((i) => i.state !== 'pending') ? items : undefined;
    },
    ms,
  );

/** What is left under imports/ in storage (staged files not yet imported). */
const staged = async () => {
  const root = join(t.config.storageDir, 'imports');
  const folders = await readdir(root).catch(() => [] as string[]);
  const files = await Promise.all(folders.map((f) => readdir(join(root, f)).catch(() => [] as string[])));
  return files.flat();
};

const queueTitles = async (tierId: string, ownerId: string) => {
  const [queued] = await t.db.select({ queue: tiers.contentQueue }).from(tiers).where(eq(tiers.id, tierId));
  const rows = await t.db.select().from(content).where(eq(content.userId, ownerId));
  const titleOf = new Map(rows.map((r) => [r.id, r.title]));
  return { ids: queued!.queue, titles: queued!.queue.map((id) => titleOf.get(id)), rows };
};

describe('importing several audio files at once, without a ZIP', () => {
  it('stores three files under imports/, then imports each through the upload path into the queue in the order sent', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    const earlier = await buildContent(t.db, maya.user.id, [tier.id], { title: 'Welcome' });
    await t.db
      .update(tiers)
      .set({ contentQueue: [earlier.id] })
      .where(eq(tiers.id, tier.id));

    const res = await sendFiles(maya.token, tier.id, [
      { name: 'zz_last-recorded.wav', bytes: wavTone(0.3, 300) },
      { name: 'body scan.wav', bytes: wavTone(0.3, 320), title: 'A body scan to begin' },
      { name: 'aa-first.wav', bytes: wavTone(0.3, 340) },
    ]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'files', label: '3 files', counts: { pending: 3 } });
    const importId = res.json()._id;
    const [row] = await t.db.select().from(contentImports).where(eq(contentImports.id, importId));
    expect(row!.archiveKey).toMatch(/^imports\/[0-9a-f-]{36}$/);

    const items = await finished(importId);
    expect(items.map((i) => [i.position, i.title, i.state])).toEqual([
      [0, 'zz last recorded', 'done'],
      [1, 'A body scan to begin', 'done'],
      [2, 'aa first', 'done'],
    ]);
    expect(items[0]!.source).toMatch(/^imports\/[0-9a-f-]{36}\/0-zz_last-recorded\.wav$/);

    const { titles, rows } = await queueTitles(tier.id, maya.user.id);
    expect(titles).toEqual(['Welcome', 'zz last recorded', 'A body scan to begin', 'aa first']);
    const imported = rows.find((r) => r.title === 'aa first')!;
    expect(imported).toMatchObject({ fileType: 'audio', contentType: 'meditation' });
    expect(imported.media).toMatch(/^[0-9a-f-]{36}\.wav$/);
    // each file went through storeMedia: a media row of its own, under the owner's quota
    const media = await t.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, maya.user.id));
    expect(media.map((m) => m.originalName).sort()).toEqual(['aa-first.wav', 'body-scan.wav', 'zz_last-recorded.wav']);
    // a staged file is removed once its item is imported
    await waitFor('the staged files removed', async () => (await staged()).length === 0, 10_000);
  });

  it('refuses files over the quota or the upload limit before storing any, and a non-media file; nothing is left behind', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    const before = (await t.db.select().from(contentImports)).length;

    // 1 MB of quota: two files of about 0.64 MB each are refused from their declared sizes
    const overQuota = await sendFiles(maya.token, tier.id, [
      { name: 'one.wav', bytes: wavTone(40, 300) },
      { name: 'two.wav', bytes: wavTone(40, 320) },
    ]);
    expect(overQuota.statusCode).toBe(413);
    expect(overQuota.json().error).toBe('upload_quota_full');

    // a list that understates the sizes is caught by the bytes themselves
    const understated = await sendFiles(maya.token, tier.id, [
      { name: 'one.wav', bytes: wavTone(40, 300), size: 10 },
      { name: 'two.wav', bytes: wavTone(40, 320), size: 10 },
    ]);
    expect(understated.statusCode).toBe(413);
    expect(understated.json().error).toBe('upload_quota_full');

    const tooLarge = await sendFiles(maya.token, tier.id, [
      { name: 'huge.wav', bytes: wavTone(0.1), size: 600 * 1024 * 1024 },
    ]);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().error).toBe('file_too_large');

    // a text file after a good one: refused by its bytes, and the good one is removed too
    const wrongType = await sendFiles(maya.token, tier.id, [
      { name: 'fine.wav', bytes: wavTone(0.2) },
      { name: 'notes.mp3', bytes: Buffer.from('not a recording at all'), type: 'audio/mpeg' },
    ]);
    expect(wrongType.statusCode).toBe(415);
    expect(wrongType.json().error).toBe('unsupported_media');

    const mismatch = await sendFiles(
      maya.token,
      tier.id,
      [{ name: 'fine.wav', bytes: wavTone(0.2) }],
      [
        { name: 'fine.wav', size: 10 },
        { name: 'missing.wav', size: 10 },
      ],
    );
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toBe('files_do_not_match');

    const noList = await sendFiles(maya.token, tier.id, [{ name: 'fine.wav', bytes: wavTone(0.2) }], 'nonsense');
    expect(noList.statusCode).toBe(400);
    expect(noList.json().error).toBe('files_manifest_invalid');

    expect((await t.db.select().from(contentImports)).length).toBe(before);
    expect(await staged()).toEqual([]);
    expect(await t.db.select().from(mediaFiles).where(eq(mediaFiles.ownerId, maya.user.id))).toEqual([]);
  });

  it('refuses a member, and another facilitator’s tier', async () => {
    const member = await buildUser(t.db);
    const maya = await buildFacilitator(t.db);
    const other = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    const file = [{ name: 'a.wav', bytes: wavTone(0.2) }];
    const refused = await sendFiles(member.token, tier.id, file);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe('program_facilitators_only');
    const notOwn = await sendFiles(other.token, tier.id, file);
    expect(notOwn.statusCode).toBe(403);
    expect(notOwn.json().error).toBe('not_own_tiers');
    expect(await staged()).toEqual([]);
  });

  it('resumes on another instance after a restart in the middle, none lost or twice', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    // reading a staged file is slowed so that the first instance stops part-way
    const storage = t.app.ctx.storage;
    const get = storage.get.bind(storage);
    storage.get = async (key, range) => {
      if (key.startsWith('imports/')) await new Promise((r) => setTimeout(r, 150));
      return get(key, range);
    };
    const files = Array.from({ length: 12 }, (_, i) => ({
      name: `track-${String(i + 1).padStart(2, '0')}.wav`,
      bytes: wavTone(0.1, 300 + i * 10),
    }));
    const res = await sendFiles(maya.token, tier.id, files);
    expect(res.statusCode).toBe(200);
    const importId = res.json()._id;
    await waitFor('some items imported', async () => (await itemsOf(importId)).some((i) => i.state === 'done'), 30_000);
    await t.app.close();
    const doneAtStop = (await itemsOf(importId)).filter((i) => i.state === 'done').length;
    expect(doneAtStop).toBeLessThan(12);

    restarted = await startSecondInstance(t);
    t = { ...t, app: restarted.app };
    const items = await finished(importId, 60_000);
    expect(items.every((i) => i.state === 'done')).toBe(true);
    const progress = await call(t.app, 'GET', `/api/app/content-imports/${importId}`, undefined, maya.token);
    expect(progress.json().counts).toEqual({ pending: 0, done: 12, failed: 0 });
    const { ids, titles, rows } = await queueTitles(tier.id, maya.user.id);
    expect(rows).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(titles).toEqual(files.map((f) => f.name.replace('.wav', '').replace('-', ' ')));
    await waitFor('the staged files removed', async () => (await staged()).length === 0, 10_000);
  }, 120_000);
});
