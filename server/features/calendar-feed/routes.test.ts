import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds, rateLimits } from '../../db/schema';
import { sha256 } from '../../platform/secrets';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { FEED_READS_PER_IP } from './service';
import { issueFeed, readFeed } from './test/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const tokenOf = (url: string) => /\/calendar\/([\w-]+)\.ics$/.exec(url)![1]!;

describe(`Settings → Calendar feed (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('refuses visitors on every settings call (401)', async () => {
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const res = await call(t.app, method, '/api/app/calendar-feed');
      expect(res.statusCode, method).toBe(401);
      expect(res.json().error).toBe('unauthorized');
    }
  });

  it('is off until turned on; then shows the same address each time, in its https:// and webcal:// forms', async () => {
    const sam = await buildUser(t.db);
    const off = await call(t.app, 'GET', '/api/app/calendar-feed', undefined, sam.token);
    expect(off.json()).toEqual({ enabled: false, url: null, webcalUrl: null, createdAt: null });

    const feed = await issueFeed(t, sam.token);
    expect(feed.url).toMatch(new RegExp(`^${t.config.publicUrl}/calendar/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(feed.webcalUrl).toBe(feed.url.replace(/^https?:/, 'webcal:'));
    const shown = await call(t.app, 'GET', '/api/app/calendar-feed', undefined, sam.token);
    expect(shown.json()).toEqual(feed);
    expect((await readFeed(t, feed.url)).statusCode).toBe(200);
  });

  it('stores only the token’s hash to find the feed, never the token in the clear', async () => {
    const sam = await buildUser(t.db);
    const token = tokenOf((await issueFeed(t, sam.token)).url);
    const [row] = await t.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, sam.user.id));
    expect(row!.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('shows no address when its token was sealed under another app secret, and a new address mends it', async () => {
    const sam = await buildUser(t.db);
    await issueFeed(t, sam.token);
    await t.db.update(calendarFeeds).set({ tokenSealed: 'a.b.c' }).where(eq(calendarFeeds.userId, sam.user.id));
    const shown = await call(t.app, 'GET', '/api/app/calendar-feed', undefined, sam.token);
    expect(shown.statusCode).toBe(200);
    expect(shown.json()).toMatchObject({ enabled: true, url: null, webcalUrl: null });
    expect((await issueFeed(t, sam.token)).url).toMatch(/\/calendar\/[\w-]{43}\.ics$/);
  });

  it('a new address replaces the old one: the old URL answers 404, the new one the feed', async () => {
    const sam = await buildUser(t.db);
    const old = await issueFeed(t, sam.token);
    const renewed = await issueFeed(t, sam.token);
    expect(renewed.url).not.toBe(old.url);
    expect((await readFeed(t, old.url)).statusCode).toBe(404);
    expect((await readFeed(t, renewed.url)).statusCode).toBe(200);
  });

  it('turned off, the address answers 404 and Settings shows the feed off', async () => {
    const sam = await buildUser(t.db);
    const feed = await issueFeed(t, sam.token);
    const off = await call(t.app, 'DELETE', '/api/app/calendar-feed', undefined, sam.token);
    expect(off.statusCode).toBe(200);
    expect(off.json().enabled).toBe(false);
    expect((await readFeed(t, feed.url)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/app/calendar-feed', undefined, sam.token)).json().enabled).toBe(false);
  });

  it("each account acts on its own feed: Lee's new address leaves Sam's working", async () => {
    const sam = await buildUser(t.db);
    const lee = await buildUser(t.db);
    const samsFeed = await issueFeed(t, sam.token);
    await issueFeed(t, lee.token);
    await call(t.app, 'DELETE', '/api/app/calendar-feed', undefined, lee.token);
    expect((await readFeed(t, samsFeed.url)).statusCode).toBe(200);
  });
});

describe(`the public feed address (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('answers 404 with nothing more for an unknown token, a malformed one, or a path that is not a feed', async () => {
    const unknown = randomBytes(32).toString('base64url');
    for (const path of [`/calendar/${unknown}.ics`, '/calendar/abc.ics', `/calendar/${unknown}`, '/calendar/x']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode, path).toBe(404);
      expect(res.json(), path).toEqual({ error: 'not_found', message: 'Not found' });
    }
  });

  it('is rate-limited per address it is asked from (429 with Retry-After)', async () => {
    const sam = await buildUser(t.db);
    const feed = await issueFeed(t, sam.token);
    const ip = '203.0.113.9';
    await t.db.insert(rateLimits).values({
      key: `calendar-feed:ip:${ip}`,
      count: FEED_READS_PER_IP.max,
      resetAt: new Date(Date.now() + 60_000),
    });
    const limited = await t.app.inject({ method: 'GET', url: new URL(feed.url).pathname, remoteAddress: ip });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toBeTruthy();
    expect((await readFeed(t, feed.url)).statusCode).toBe(200);
  });
});
