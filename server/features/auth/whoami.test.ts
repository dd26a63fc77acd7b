import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { buildAdmin, buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { localDay } from '../../../common/time';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const daysAgo = (n: number, tz: string) => localDay(new Date(Date.now() - n * 86_400_000), tz);

describe('GET /api/auth/whoami', () => {
  it('answers a visitor with isLoggedIn false and streak 1 (not 401)', async () => {
    const res = await call(t.app, 'GET', '/api/auth/whoami');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isLoggedIn: false, streak: 1 });
    expect(
      (await call(t.app, 'GET', '/api/auth/whoami', undefined, 'not-a-real-token-at-all-xyz')).json().isLoggedIn,
    ).toBe(false);
  });

  it('never exposes the password hash', async () => {
    const { token } = await buildUser(t.db);
    const body = (await call(t.app, 'GET', '/api/auth/whoami', undefined, token)).body;
    expect(body).not.toMatch(/argon2|passwordHash|password/);
  });

  it("reports an admin's userType as admin", async () => {
    const { token } = await buildAdmin(t.db);
    expect((await call(t.app, 'GET', '/api/auth/whoami', undefined, token)).json()).toMatchObject({
      userType: 'admin',
      isAdmin: true,
    });
  });

  it('grows the streak on consecutive days in the user zone, keeps it within a day, and resets it after a gap', async () => {
    const tz = 'Pacific/Auckland';
    const { user, token } = await buildUser(t.db, { streak: 4, lastActiveDay: daysAgo(1, tz) });
    const whoami = () => call(t.app, 'GET', `/api/auth/whoami?tz=${encodeURIComponent(tz)}`, undefined, token);
    expect((await whoami()).json().streak).toBe(5);
    expect((await whoami()).json().streak).toBe(5);

    await t.db
      .update(users)
      .set({ lastActiveDay: daysAgo(2, tz) })
      .where(eq(users.id, user.id));
    expect((await whoami()).json().streak).toBe(1);
  });

  it('refuses an unknown time zone with 400', async () => {
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'GET', '/api/auth/whoami?tz=Mars/Olympus', undefined, token)).statusCode).toBe(400);
  });
});
