import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { authSessions, users } from '../../db/schema';
import { sha256 } from '../../platform/secrets';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { lookUpSession, lookUpSessionWithDrizzle } from './queries';
import { createSession } from './sessions';

/** An absolute session lifetime, and a member who can see and end their sessions. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ sessionMaxDays: 90 });
});
afterAll(() => t.close());

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const asBrowser = (token: string, url: string, method: 'GET' | 'POST' | 'DELETE' = 'GET') =>
  t.app.inject({ method, url, headers: { authorization: `Bearer ${token}`, 'user-agent': FIREFOX } });

describe('my sessions (Settings)', () => {
  it('lists each session with its device and last use, the current one first', async () => {
    const sam = await buildUser(t.db);
    const phone = await createSession(t.db, sam.user.id);
    // a session names its browser once it has been used (older than five minutes: refreshed now)
    await t.db
      .update(authSessions)
      .set({ lastSeenAt: sql`now() - interval '1 hour'` })
      .where(eq(authSessions.userId, sam.user.id));
    await asBrowser(phone, '/api/app/profile');
    const list = (await call(t.app, 'GET', '/api/app/sessions', undefined, sam.token)).json();
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({ current: true });
    expect(list[1]).toMatchObject({ current: false, device: 'Firefox on Linux' });
    expect(JSON.stringify(list)).not.toMatch(/token/i);
  });

  it("'Sign out other sessions' ends every other session and keeps this one; one can also be ended by id", async () => {
    const sam = await buildUser(t.db);
    const [a, b] = [await createSession(t.db, sam.user.id), await createSession(t.db, sam.user.id)];
    const list = (await call(t.app, 'GET', '/api/app/sessions', undefined, sam.token)).json();
    const other = list.find((s: { current: boolean }) => !s.current)._id;
    const afterOne = await call(t.app, 'DELETE', `/api/app/sessions/${other}`, undefined, sam.token);
    expect(afterOne.json()).toHaveLength(2);
    const left = await call(t.app, 'POST', '/api/app/sessions/sign-out-others', {}, sam.token);
    expect(left.json()).toEqual([expect.objectContaining({ current: true })]);
    for (const token of [a, b])
      expect((await call(t.app, 'GET', '/api/app/profile', undefined, token)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).statusCode).toBe(200);
  });

  it("cannot end someone else's session, and needs to be signed in", async () => {
    const [sam, priya] = [await buildUser(t.db), await buildUser(t.db)];
    const [priyas] = await t.db.select().from(authSessions).where(eq(authSessions.userId, priya.user.id));
    expect((await call(t.app, 'DELETE', `/api/app/sessions/${priyas!.id}`, undefined, sam.token)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, priya.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/sessions')).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/app/sessions/sign-out-others', {})).statusCode).toBe(401);
  });
});

describe('the absolute lifetime (ASVS 7.3.2)', () => {
  it('a session in use every day still ends 90 days after sign-in', async () => {
    const sam = await buildUser(t.db);
    await t.db
      .update(authSessions)
      .set({ createdAt: sql`now() - interval '89 days'` })
      .where(eq(authSessions.userId, sam.user.id));
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).statusCode).toBe(200);
    // the sliding expiry never reaches past the 90th day
    const [row] = await t.db.select().from(authSessions).where(eq(authSessions.userId, sam.user.id));
    expect(row!.expiresAt.getTime()).toBeLessThanOrEqual(row!.createdAt.getTime() + 90 * 86_400_000 + 1000);
    await t.db
      .update(authSessions)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(authSessions.userId, sam.user.id));
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).statusCode).toBe(401);
  });
});

describe('the check on every request', () => {
  it.runIf(process.env.TEST_DB === 'postgres')(
    "the pool's named statement reads the same user and times as Drizzle's select, and nothing for an ended session",
    async () => {
      const sam = await buildUser(t.db, { name: 'Sam Lookup' });
      // every kind of column filled: dates, timestamps, arrays, integers, nulls
      await t.db
        .update(users)
        .set({ lastActiveDay: '2026-11-24', stripeRequirementsDue: ['a', 'b c'], totpLastStep: 42, bio: 'Hi' })
        .where(eq(users.id, sam.user.id));
      const hash = sha256(sam.token);
      const fromPool = await lookUpSession(t.database.pool!, hash, 90);
      expect(fromPool).toEqual(await lookUpSessionWithDrizzle(t.db, hash, 90));
      expect(fromPool?.user).toMatchObject({ name: 'Sam Lookup', lastActiveDay: '2026-11-24', totpLastStep: 42 });
      expect(fromPool?.user.createdAt).toBeInstanceOf(Date);
      await call(t.app, 'POST', '/api/auth/logout', {}, sam.token);
      expect(await lookUpSession(t.database.pool!, hash, 90)).toBeUndefined();
      expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).statusCode).toBe(401);
    },
  );
});
