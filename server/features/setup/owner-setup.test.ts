import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SETUP_MESSAGES } from '../../../common/setup/schemas';
import { users } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { ownerSetupLink } from './service';

// One database for the whole file: the tests run in order, from a site without an admin to one with its owner.
let t: TestApp;
let token: string;
const tokenOf = (link: string) => new URL(link).searchParams.get('token')!;
beforeAll(async () => {
  t = await startTestApp();
  const link = await ownerSetupLink(t.app.ctx);
  token = tokenOf(link!);
});
afterAll(() => t.close());

const NOT_AVAILABLE = { error: 'setup_not_available', message: SETUP_MESSAGES.notAvailable };
const OWNER = { name: 'Ada Owner', email: 'Ada.Owner@Example.test', password: 'quiet-harbour-lantern-7' };

const check = (presented: string) => call(t.app, 'GET', `/api/setup/owner?token=${encodeURIComponent(presented)}`);
const createOwner = (body: Record<string, unknown>) => call(t.app, 'POST', '/api/setup/owner', body);
const userCount = async () => (await t.db.select({ n: count() }).from(users))[0]!.n;

describe('before any admin exists', () => {
  it('the link points at /setup on the public address with a token', async () => {
    expect(await ownerSetupLink(t.app.ctx)).toBe(`http://localhost:3000/setup?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('GET setup/owner answers needed for the right token', async () => {
    const res = await check(token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ needed: true });
  });

  it('refuses a wrong token with 404, for the check and for the form', async () => {
    // the right token with its last character changed (to one it is not: 1 run in 64 it ended in 'A')
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    for (const res of [await check(forged), await check('nope'), await createOwner({ ...OWNER, token: 'nope' })]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_AVAILABLE);
    }
  });

  it('answers 400 with issues for a missing token and for bad input, creating nothing', async () => {
    const before = await userCount();
    const missing = await call(t.app, 'GET', '/api/setup/owner');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().issues[0].path).toBe('querystring.token');

    const bad = await createOwner({ token, name: ' ', email: 'not-an-email', password: 'short' });
    expect(bad.statusCode).toBe(400);
    expect(
      bad
        .json()
        .issues.map((i: { path: string }) => i.path)
        .sort(),
    ).toEqual(['body.email', 'body.name', 'body.password']);
    expect(bad.json().issues.find((i: { path: string }) => i.path === 'body.password').message).toBe(
      'Password must be at least 8 characters',
    );
    expect(await userCount()).toBe(before);
  });

  it('refuses a common password like registration does', async () => {
    const res = await createOwner({ ...OWNER, token, password: 'password123' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/too common/);
  });

  it('answers 409 with a message when the email already has an account', async () => {
    const { user } = await buildUser(t.db);
    const res = await createOwner({ ...OWNER, token, email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ error: 'email_in_use', message: SETUP_MESSAGES.emailInUse });
    expect((await t.db.select().from(users).where(eq(users.id, user.id)))[0]!.isAdmin).toBe(false);
  });
});

describe('creating the owner', () => {
  let owner: { token: string; userId: string; redirectUrl: string };

  it('makes a confirmed admin and signs them in with the answer login gives', async () => {
    const res = await createOwner({ ...OWNER, token });
    expect(res.statusCode).toBe(200);
    owner = res.json();
    expect(owner).toEqual({ token: expect.any(String), userId: expect.any(String), redirectUrl: '/admin' });

    const me = (await call(t.app, 'GET', '/api/auth/whoami', undefined, owner.token)).json();
    expect(me).toMatchObject({
      isLoggedIn: true,
      _id: owner.userId,
      name: 'Ada Owner',
      email: 'ada.owner@example.test',
      username: 'ada.owner',
      isAdmin: true,
      userType: 'admin',
      emailConfirmed: true,
    });
  });

  it('the owner can use the admin API, and the audit log names them as the actor', async () => {
    const res = await call(t.app, 'GET', '/api/admin/audit', undefined, owner.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({
        admin: { _id: owner.userId, email: 'ada.owner@example.test' },
        action: 'create',
        targetType: 'user',
        targetId: owner.userId,
        details: { email: 'ada.owner@example.test', isAdmin: true, via: 'owner_setup' },
      }),
    );
  });

  it('the owner can sign in with the chosen password', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', {
      user: { email: OWNER.email, password: OWNER.password },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ userId: owner.userId, token: expect.any(String) });
  });
});

describe('once an admin exists', () => {
  it('no link is printed', async () => {
    expect(await ownerSetupLink(t.app.ctx)).toBeNull();
  });

  it('the right token answers exactly as a wrong one, and a second owner cannot be made', async () => {
    const before = await userCount();
    const again = await createOwner({ ...OWNER, token, email: 'second.owner@example.test' });
    for (const res of [await check(token), again]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(NOT_AVAILABLE);
    }
    expect(await userCount()).toBe(before);
  });

  it('the old link stays dead even when the site has no admin again: a new link is printed', async () => {
    await t.db.update(users).set({ isAdmin: false });
    try {
      const link = await ownerSetupLink(t.app.ctx);
      expect(link).not.toBeNull();
      expect(tokenOf(link!)).not.toBe(token);
      expect((await check(token)).statusCode).toBe(404);
      expect((await check(tokenOf(link!))).statusCode).toBe(200);
    } finally {
      await t.db.update(users).set({ isAdmin: true }).where(eq(users.email, OWNER.email));
    }
  });
});
