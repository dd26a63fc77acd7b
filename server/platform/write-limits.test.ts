import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { posts } from '../db/schema';
import { buildUser } from '../test/factories';
import { call, startTestApp, type TestApp } from '../test/harness';
import { WRITE_LIMITS } from './write-limits';

/** Every write route is limited per account, creates more tightly. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

describe('write limits per account', () => {
  it('posting past the create limit answers 429 with Retry-After and writes nothing more; another account is not affected', async () => {
    const sam = await buildUser(t.db);
    const statuses = [];
    for (let i = 0; i <= WRITE_LIMITS.create.max; i++)
      statuses.push((await call(t.app, 'POST', '/api/app/post', { text: `note ${i}` }, sam.token)).statusCode);
    expect(statuses.slice(0, WRITE_LIMITS.create.max).every((s) => s < 300)).toBe(true);
    const last = await call(t.app, 'POST', '/api/app/post', { text: 'one too many' }, sam.token);
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(await t.db.select().from(posts).where(eq(posts.userId, sam.user.id))).toHaveLength(WRITE_LIMITS.create.max);
    const priya = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/post', { text: 'hello' }, priya.token)).statusCode).toBeLessThan(300);
  });

  it('reads are never counted', async () => {
    const sam = await buildUser(t.db);
    for (let i = 0; i < 70; i++)
      expect((await call(t.app, 'GET', '/api/app/inspiration', undefined, sam.token)).statusCode).toBe(200);
  });
});
