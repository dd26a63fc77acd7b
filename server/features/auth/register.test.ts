import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { codeIn } from '../../test/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const registration = (overrides: Record<string, unknown> = {}) => ({
  user: {
    name: 'Ada Member',
    username: `ada_${Math.random().toString(36).slice(2, 8)}`,
    email: `ada_${Math.random().toString(36).slice(2, 8)}@example.test`,
    password: 'quiet-morning-tide-7',
    confirmPassword: 'quiet-morning-tide-7',
    isFacilitator: false,
    tos: true,
    ...overrides,
  },
  metaData: { ref: 'friend-42', client: 'ios' },
});

describe('POST /api/auth/register', () => {
  it('creates the account, signs in and mails a 4-character confirmation code', async () => {
    const body = registration();
    const res = await call(t.app, 'POST', '/api/auth/register', body);
    expect(res.statusCode).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({ redirectToConfirm: true, userId: expect.any(String), token: expect.any(String) });

    const [row] = await t.db.select().from(users).where(eq(users.id, answer.userId));
    expect(row).toMatchObject({ email: body.user.email, referral: 'friend-42', client: 'ios', emailConfirmed: false });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2/);

    const mail = await t.mailbox.latest(body.user.email);
    expect(codeIn(mail)).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}$/);

    const me = await call(t.app, 'GET', '/api/auth/whoami', undefined, answer.token);
    expect(me.json()).toMatchObject({
      isLoggedIn: true,
      name: 'Ada Member',
      isFacilitator: false,
      userType: 'user',
      streak: 1,
    });
  });

  it('registers a facilitator when the toggle says Facilitator', async () => {
    const res = await call(t.app, 'POST', '/api/auth/register', registration({ isFacilitator: true }));
    const me = await call(t.app, 'GET', '/api/auth/whoami', undefined, res.json().token);
    expect(me.json()).toMatchObject({ isFacilitator: true, userType: 'facilitator' });
  });

  it('refuses a duplicate email, a duplicate username and an existing account with the catalogue codes', async () => {
    const { user } = await buildUser(t.db);
    const email = await call(t.app, 'POST', '/api/auth/register', registration({ email: user.email.toUpperCase() }));
    expect(email.statusCode).toBe(409);
    expect(email.json()).toMatchObject({
      error: 'email_in_use',
      message: 'Email already in use. Please sign in or register with a different email.',
    });

    const username = await call(
      t.app,
      'POST',
      '/api/auth/register',
      registration({ username: user.username.toUpperCase() }),
    );
    expect(username.statusCode).toBe(409);
    expect(username.json()).toMatchObject({ error: 'username_in_use', message: 'Username already in use.' });

    const both = await call(
      t.app,
      'POST',
      '/api/auth/register',
      registration({ username: user.username, email: user.email }),
    );
    expect(both.json()).toMatchObject({ error: 'account_exists', message: 'Account already exists.' });
  });

  it.each([
    ['missing fields', { user: { email: 'x@example.test' } }],
    ['mismatched passwords', registration({ confirmPassword: 'something-else-entirely' })],
    ['a short password', registration({ password: 'short', confirmPassword: 'short' })],
    ['terms not accepted', registration({ tos: false })],
    ['no role chosen', registration({ isFacilitator: undefined })],
    ['an invalid email', registration({ email: 'not-an-email' })],
  ])('answers 400 with issues for %s and creates nothing', async (_label, body) => {
    const before = (await t.db.select({ id: users.id }).from(users)).length;
    const res = await call(t.app, 'POST', '/api/auth/register', body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_input', issues: expect.any(Array) });
    expect((await t.db.select({ id: users.id }).from(users)).length).toBe(before);
  });

  it('refuses one of the 10,000 most common passwords', async () => {
    const res = await call(
      t.app,
      'POST',
      '/api/auth/register',
      registration({ password: 'password123', confirmPassword: 'password123' }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'common_password', message: expect.stringMatching(/too common/) });
  });

  it('answers 400, not 500, for a body that is not JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"user": ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'invalid_json', message: 'The request body is not valid JSON' });
  });
});
