import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildFacilitator, buildUser, TEST_PASSWORD } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { AUTH_MESSAGES } from '../../../common/auth/schemas';
import { codeIn } from '../../test/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { user: { email, password } }, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('signs a member in with a token and sends them home', async () => {
    const { user } = await buildUser(t.db);
    const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ token: expect.any(String), userId: user.id, redirectUrl: '/' });
    const me = await call(t.app, 'GET', '/api/auth/whoami', undefined, res.json().token);
    expect(me.json()).toMatchObject({ isLoggedIn: true, _id: user.id });
  });

  it('sends a facilitator to /dashboard', async () => {
    const { user } = await buildFacilitator(t.db);
    expect((await login(user.email, TEST_PASSWORD)).json().redirectUrl).toBe('/dashboard');
  });

  it('refuses a wrong password and an unknown email alike, with no token', async () => {
    const { user } = await buildUser(t.db);
    for (const res of [
      await login(user.email, 'wrong-password-123'),
      await login('nobody@example.test', TEST_PASSWORD),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'invalid_credentials', message: AUTH_MESSAGES.loginFailed });
    }
  });

  it('answers 400 for missing fields', async () => {
    const res = await call(t.app, 'POST', '/api/auth/login', { user: { email: 'a@example.test' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().issues[0].path).toBe('body.user.password');
  });

  it('limits attempts on one account from one IP with 429 and Retry-After', async () => {
    const { user } = await buildUser(t.db);
    const answers = [];
    for (let i = 0; i < 11; i++) answers.push(await login(user.email, 'wrong-password-123', '10.1.0.1'));
    expect(answers.slice(0, 10).every((r) => r.statusCode === 401)).toBe(true);
    const limited = answers[10]!;
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({
      error: 'too_many_requests',
      message: expect.stringMatching(/Too many attempts/),
    });
  });

  it('failures from anywhere never lock the owner out: they slow sign-ins down and mail the owner once', async () => {
    const { user } = await buildUser(t.db);
    for (let i = 0; i < 12; i++)
      expect((await login(user.email, 'wrong-password-123', `10.3.0.${i}`)).statusCode).toBe(401);
    // the owner, from their own IP, with the right password: in
    expect((await login(user.email, TEST_PASSWORD, '10.3.1.1')).statusCode).toBe(200);
    const mail = await t.mailbox.latest(user.email, /failed sign-ins/);
    expect(mail.text).toContain('10 failed attempts');
    expect(mail.text).toContain('not locked');
  });

  it('slows down step by step, 0 below 5 failures, doubling to 8 s at most', async () => {
    const { loginDelayMs } = await import('./limits');
    expect([0, 4, 5, 6, 7, 8, 9, 50].map((n) => loginDelayMs(n, 1000))).toEqual([
      0, 0, 1000, 2000, 4000, 8000, 8000, 8000,
    ]);
  });

  it('limits attempts per IP across accounts', async () => {
    let last;
    for (let i = 0; i < 31; i++) last = await login(`someone${i}@example.test`, 'wrong-password-123', '10.9.9.9');
    expect(last!.statusCode).toBe(429);
  });
});

describe('two-factor login', () => {
  it('asks for the mailed code instead of signing in, then exchanges the code for a token', async () => {
    const { user } = await buildUser(t.db, { twoFactorEnabled: true });
    const res = await login(user.email, TEST_PASSWORD, '10.2.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      redirectToTwoFactor: true,
      userId: user.id,
      method: 'email',
      challenge: expect.any(String),
    });

    const code = codeIn(await t.mailbox.latest(user.email, /sign-in code/));
    const ok = await call(t.app, 'POST', '/api/auth/2fa', {
      id: user.id,
      token: `${code.slice(0, 2)}-${code.slice(2).toLowerCase()}`,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token: expect.any(String), redirectUrl: '/' });

    // single use
    const again = await call(t.app, 'POST', '/api/auth/2fa', { id: user.id, token: code });
    expect(again.statusCode).toBe(400);
  });

  it('invalidates the code after 5 wrong tries, even for the right code afterwards', async () => {
    const { user } = await buildUser(t.db, { twoFactorEnabled: true });
    await login(user.email, TEST_PASSWORD, '10.2.0.2');
    const code = codeIn(await t.mailbox.latest(user.email, /sign-in code/));
    const wrong = code === 'AAAA' ? 'BBBB' : 'AAAA';
    for (let i = 0; i < 4; i++) {
      const r = await call(t.app, 'POST', '/api/auth/2fa', { id: user.id, token: wrong });
      expect(r.json()).toMatchObject({
        error: 'email_code_wrong',
        message: 'That code is not right. Please check the email and try again.',
      });
    }
    const fifth = await call(t.app, 'POST', '/api/auth/2fa', { id: user.id, token: wrong });
    expect(fifth.json()).toMatchObject({
      error: 'email_code_invalid',
      message: 'This code is no longer valid. Please request a new one.',
    });
    const right = await call(t.app, 'POST', '/api/auth/2fa', { id: user.id, token: code });
    expect(right.statusCode).toBe(400);
    expect(right.json()).toMatchObject({
      error: 'email_code_invalid',
      message: 'This code is no longer valid. Please request a new one.',
    });
  });

  it('refuses a code of the wrong length with 400', async () => {
    const { user } = await buildUser(t.db);
    const res = await call(t.app, 'POST', '/api/auth/2fa', { id: user.id, token: 'ABCDE' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_input');
  });
});

describe('POST /api/auth/logout', () => {
  it('ends the session so the token no longer works', async () => {
    const { token } = await buildUser(t.db);
    expect((await call(t.app, 'POST', '/api/auth/logout', {}, token)).statusCode).toBe(200);
    const me = await call(t.app, 'GET', '/api/auth/whoami', undefined, token);
    expect(me.json()).toEqual({ isLoggedIn: false, streak: 1 });
  });
});
