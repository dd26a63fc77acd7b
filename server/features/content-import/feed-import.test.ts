import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { content, contentImportItems, contentImports, tiers } from '../../db/schema';
import { testConfig } from '../../config';
import { buildApp } from '../../app';
import { buildContent, buildFacilitator, buildTier, buildUser } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { waitFor } from '../../platform/jobs/test/wait-for';
import { importItem } from './job';
import { startFeedServer } from './testing/feed-server';

let t: TestApp;
let feed: Awaited<ReturnType<typeof startFeedServer>>;
let restarted: Awaited<ReturnType<typeof startSecondInstance>> | undefined;
beforeAll(async () => {
  t = await startTestApp({ importFromLoopback: true });
  feed = await startFeedServer({ count: 50, delayMs: 60 });
});
afterAll(async () => {
  await feed?.close();
  if (!restarted) return t?.close();
  await restarted.close();
  await t.mailbox.close();
  await t.database.close();
});

const itemsOf = (db: TestApp['db'], importId: string) =>
  db
    .select()
    .from(contentImportItems)
    .where(eq(contentImportItems.importId, importId))
    .orderBy(contentImportItems.position);

describe('importing a podcast feed into a tier’s queue', () => {
  it('previews the feed, then imports 50 episodes oldest first, resuming on another instance after a restart, none lost or twice', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    const earlier = await buildContent(t.db, maya.user.id, [tier.id], { title: 'Welcome' });
    await t.db
      .update(tiers)
      .set({ contentQueue: [earlier.id] })
      .where(eq(tiers.id, tier.id));

    const preview = await call(
      t.app,
      'POST',
      '/api/app/content-imports/feed-preview',
      { feedUrl: feed.feedUrl },
      maya.token,
    );
    expect(preview.statusCode).toBe(200);
    const listed = preview.json();
    expect(listed.title).toBe('Morning Sits');
    expect(listed.hasArtwork).toBe(true);
    expect(listed.items).toHaveLength(50);
    expect(listed.items[0]).toMatchObject({ title: 'Episode 50', mimeType: 'audio/wav', duration: '0:01' });
    expect(JSON.stringify(listed)).not.toContain('127.0.0.1');

    const started = await call(
      t.app,
      'POST',
      '/api/app/content-imports/feed',
      { feedUrl: feed.feedUrl, tierId: tier.id, items: listed.items.map((i: { key: string }) => i.key) },
      maya.token,
    );
    expect(started.statusCode).toBe(200);
    const importId = started.json()._id;
    const [row] = await t.db.select().from(contentImports).where(eq(contentImports.id, importId));
    // the address is stored sealed
    expect(row!.sealedFeedUrl).not.toContain('127.0.0.1');

    // the first instance stops part-way; a second one on the same database finishes
    await waitFor(
      'some items imported',
      async () => (await itemsOf(t.db, importId)).filter((i) => i.state === 'done').length >= 5,
      30_000,
    );
    await t.app.close();
    const doneAtStop = (await itemsOf(t.db, importId)).filter((i) => i.state === 'done').length;
    expect(doneAtStop).toBeLessThan(50);
    restarted = await startSecondInstance(t);
    const second = restarted;
    t = { ...t, app: second.app };
    {
      await waitFor(
        'every item imported',
        async () => (await itemsOf(t.db, importId)).every((i) => i.state === 'done'),
        60_000,
      );
      const progress = await call(second.app, 'GET', `/api/app/content-imports/${importId}`, undefined, maya.token);
      expect(progress.json().counts).toEqual({ pending: 0, done: 50, failed: 0 });

      const [queued] = await t.db.select({ queue: tiers.contentQueue }).from(tiers).where(eq(tiers.id, tier.id));
      expect(queued!.queue).toHaveLength(51);
      expect(new Set(queued!.queue).size).toBe(51);
      const rows = await t.db.select().from(content).where(eq(content.userId, maya.user.id));
      expect(rows).toHaveLength(51);
      const titleOf = new Map(rows.map((r) => [r.id, r.title]));
      expect(queued!.queue.map((id) => titleOf.get(id))).toEqual([
        'Welcome',
        ...Array.from({ length: 50 }, (_, i) => `Episode ${i + 1}`),
      ]);
      const first = rows.find((r) => r.title === 'Episode 1')!;
      expect(first).toMatchObject({ fileType: 'audio', contentType: 'podcast', description: 'Notes for episode 1' });
      expect(first.thumbnail).toMatch(/^[0-9a-f-]{36}\.(png|webp)$/);
      expect(first.media).toMatch(/^[0-9a-f-]{36}\.wav$/);
    }
  }, 180_000);

  it('a second run of an item already imported (a retried job, another instance) adds nothing', async () => {
    const maya = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, maya.user.id);
    const small = await startFeedServer({ count: 2 });
    try {
      const preview = (
        await call(t.app, 'POST', '/api/app/content-imports/feed-preview', { feedUrl: small.feedUrl }, maya.token)
      ).json();
      const [imp] = await t.db
        .insert(contentImports)
        .values({ ownerId: maya.user.id, tierId: tier.id, source: 'feed', label: 'x', contentType: 'podcast' })
        .returning();
      expect(preview.items).toHaveLength(2);
      const { sealSecret } = await import('../../platform/secrets');
      const source = sealSecret(t.app.ctx.config.appSecret, small.feedUrl.replace('feed.xml', 'ep/1.wav'));
      await t.db.insert(contentImportItems).values({ importId: imp!.id, position: 0, title: 'Once', source });
      const [item] = await itemsOf(t.db, imp!.id);
      await Promise.all([importItem(t.app.ctx, imp!, maya.user, item!), importItem(t.app.ctx, imp!, maya.user, item!)]);
      const made = await t.db.select().from(content).where(eq(content.userId, maya.user.id));
      expect(made.map((c) => c.title)).toEqual(['Once']);
      const [after] = await itemsOf(t.db, imp!.id);
      expect(after).toMatchObject({ state: 'done', contentId: made[0]!.id });
    } finally {
      await small.close();
    }
  });
});

describe('who may import, and from where', () => {
  it('refuses members', async () => {
    const member = await buildUser(t.db);
    const res = await call(
      t.app,
      'POST',
      '/api/app/content-imports/feed-preview',
      { feedUrl: feed.feedUrl },
      member.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('program_facilitators_only');
    const list = await call(t.app, 'GET', '/api/app/content-imports', undefined, member.token);
    expect(list.statusCode).toBe(403);
  });

  it('refuses another facilitator’s import and tier', async () => {
    const maya = await buildFacilitator(t.db);
    const other = await buildFacilitator(t.db);
    const tier = await buildTier(t.db, other.user.id);
    const res = await call(
      t.app,
      'POST',
      '/api/app/content-imports/feed',
      { feedUrl: feed.feedUrl, tierId: tier.id, items: ['ep-1'] },
      maya.token,
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('not_own_tiers');
  });

  it('refuses addresses that are not http(s)', async () => {
    const maya = await buildFacilitator(t.db);
    const res = await call(
      t.app,
      'POST',
      '/api/app/content-imports/feed-preview',
      { feedUrl: 'file:///etc/passwd' },
      maya.token,
    );
    expect(res.statusCode).toBe(400);
  });

  it('in production refuses private and loopback addresses', async () => {
    const prod = await buildApp(testConfig({ env: 'production', storageDir: t.config.storageDir }), {
      database: t.database,
    });
    await prod.ready();
    try {
      const maya = await buildFacilitator(t.db);
      for (const feedUrl of [
        feed.feedUrl,
        'http://10.0.0.7/feed.xml',
        'http://[::1]/feed',
        'http://169.254.169.254/latest',
      ]) {
        const res = await call(prod, 'POST', '/api/app/content-imports/feed-preview', { feedUrl }, maya.token);
        expect(res.statusCode, feedUrl).toBe(400);
        expect(res.json().error).toBe('feed_address_refused');
      }
    } finally {
      await prod.close();
    }
  });
});
