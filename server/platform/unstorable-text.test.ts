import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, posts, tags } from '../db/schema';
import { buildAdmin, buildUser } from '../test/factories';
import { call, startTestApp, type TestApp } from '../test/harness';

/**
 * One rule for every string the API accepts. An unpaired UTF-16 surrogate cannot be
 * stored (jsonb and UTF-8 refuse it) and U+0000 cannot be held by PostgreSQL text: either is a
 * 400 at validation, on every route, before anything is written.
 */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const LONE = '\ud800';

describe('text that cannot be stored', () => {
  it('an unpaired surrogate in an admin form answers 400 and writes neither the row nor the audit entry', async () => {
    const admin = await buildAdmin(t.db);
    const before = (await t.db.select().from(auditLog)).length;
    const res = await call(t.app, 'POST', '/api/admin/tag', { text: `calm${LONE}` }, admin.token);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_text' });
    expect(
      await t.db
        .select()
        .from(tags)
        .where(eq(tags.text, `calm${LONE}`)),
    ).toEqual([]);
    expect((await t.db.select().from(auditLog)).length).toBe(before);
  });

  it('the same in a member’s post and in a nested key, and broken bytes in a query string are no 500; a well-formed pair (an emoji) passes', async () => {
    const member = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/app/post', { text: `low ${LONE} high` }, member.token)).statusCode).toBe(
      400,
    );
    // a URL cannot carry a lone surrogate: its UTF-8-like bytes (ED A0 80) are refused or replaced, never a 500
    expect(
      (await call(t.app, 'GET', '/api/app/inspiration?search=a%ED%A0%80', undefined, member.token)).statusCode,
    ).toBeLessThan(500);
    expect(
      (await call(t.app, 'POST', '/api/app/post', { [`k${LONE}`]: 'x', text: 'fine' }, member.token)).statusCode,
    ).toBe(400);
    expect(await t.db.select().from(posts).where(eq(posts.userId, member.user.id))).toEqual([]);
    const emoji = await call(t.app, 'POST', '/api/app/post', { text: 'sunrise \ud83c\udf05' }, member.token);
    expect(emoji.statusCode).toBeLessThan(300);
  });
});
