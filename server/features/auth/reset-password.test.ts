import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { passwordResets } from '../../db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { linkIn } from '../../test/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'lantern-harbour-fig-9';

async function requestResetLink(email: string) {
  const res = await call(t.app, 'POST', '/api/auth/request-token', { email, confirmEmail: email });
  expect(res.json()).toEqual({ status: 'sent' });
  const link = linkIn(await t.mailbox.latest(email, /Reset/));
  expect(link.pathname).toBe('/passwordReset');
  return { token: link.searchParams.get('token')!, id: link.searchParams.get('id')! };
}

describe('password reset', () => {
  it('mails a link; the new password works, the old one does not, and other sessions end', async () => {
    const { user, token: oldSession } = await buildUser(t.db);
    const { token, id } = await requestResetLink(user.email);
    expect(id).toBe(user.id);

    const res = await call(t.app, 'POST', '/api/auth/reset-password', {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      token,
      id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'reset' });

    const oldLogin = await call(t.app, 'POST', '/api/auth/login', {
      user: { email: user.email, password: TEST_PASSWORD },
    });
    expect(oldLogin.statusCode).toBe(401);
    const newLogin = await call(t.app, 'POST', '/api/auth/login', {
      user: { email: user.email, password: NEW_PASSWORD },
    });
    expect(newLogin.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/auth/whoami', undefined, oldSession)).json().isLoggedIn).toBe(false);
    expect((await t.mailbox.latest(user.email, /password was changed/)).text).toMatch(/other sessions were signed out/);
  });

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await call(t.app, 'POST', '/api/auth/request-token', {
      email: 'ghost@example.test',
      confirmEmail: 'ghost@example.test',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'sent' });
    expect(t.mailbox.count('ghost@example.test')).toBe(0);
  });

  it('refuses mismatched emails with 400', async () => {
    const res = await call(t.app, 'POST', '/api/auth/request-token', {
      email: 'a@example.test',
      confirmEmail: 'b@example.test',
    });
    expect(res.statusCode).toBe(400);
  });

  it('refuses a reused token with the catalogue message', async () => {
    const { user } = await buildUser(t.db);
    const { token, id } = await requestResetLink(user.email);
    const body = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD, token, id };
    expect((await call(t.app, 'POST', '/api/auth/reset-password', body)).statusCode).toBe(200);
    const reused = await call(t.app, 'POST', '/api/auth/reset-password', {
      ...body,
      password: 'another-fine-phrase-3',
      confirmPassword: 'another-fine-phrase-3',
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toEqual({
      error: 'invalid_token',
      message: 'Failed to reset password. Please try again or contact us for help.',
    });
  });

  it('refuses an expired token, a token for another user and a forged token', async () => {
    const { user } = await buildUser(t.db);
    const other = await buildUser(t.db);
    const { token, id } = await requestResetLink(user.email);
    const body = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(
      (await call(t.app, 'POST', '/api/auth/reset-password', { ...body, token, id: other.user.id })).statusCode,
    ).toBe(400);
    expect(
      (await call(t.app, 'POST', '/api/auth/reset-password', { ...body, token: 'x'.repeat(43), id })).statusCode,
    ).toBe(400);
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, user.id));
    expect((await call(t.app, 'POST', '/api/auth/reset-password', { ...body, token, id })).statusCode).toBe(400);
  });

  it('refuses a common password without using up the link', async () => {
    const { user } = await buildUser(t.db);
    const { token, id } = await requestResetLink(user.email);
    const weak = await call(t.app, 'POST', '/api/auth/reset-password', {
      password: 'iloveyou',
      confirmPassword: 'iloveyou',
      token,
      id,
    });
    expect(weak.statusCode).toBe(400);
    const strong = await call(t.app, 'POST', '/api/auth/reset-password', {
      password: NEW_PASSWORD,
      confirmPassword: NEW_PASSWORD,
      token,
      id,
    });
    expect(strong.statusCode).toBe(200);
  });

  it('limits reset requests per email address', async () => {
    const { user } = await buildUser(t.db);
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/request-token',
        payload: { email: user.email, confirmEmail: user.email },
        remoteAddress: `10.5.0.${i}`,
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it('an older link stops working once a newer one was used', async () => {
    const { user } = await buildUser(t.db);
    const older = await requestResetLink(user.email);
    await call(t.app, 'POST', '/api/auth/request-token', { email: user.email, confirmEmail: user.email });
    // the second mail is sent after the answer: wait until the latest link is a new one
    let newer = linkIn(await t.mailbox.latest(user.email, /Reset/));
    await expect
      .poll(async () => (newer = linkIn(await t.mailbox.latest(user.email, /Reset/))).searchParams.get('token'))
      .not.toBe(older.token);
    const body = { password: NEW_PASSWORD, confirmPassword: NEW_PASSWORD };
    expect(
      (
        await call(t.app, 'POST', '/api/auth/reset-password', {
          ...body,
          token: newer.searchParams.get('token'),
          id: user.id,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await call(t.app, 'POST', '/api/auth/reset-password', { ...body, token: older.token, id: user.id })).statusCode,
    ).toBe(400);
  });

  it('answers an unknown address exactly as a known one, and mails nobody', async () => {
    const res = await call(t.app, 'POST', '/api/auth/request-token', {
      email: 'nobody.here@example.test',
      confirmEmail: 'nobody.here@example.test',
    });
    expect(res.json()).toEqual({ status: 'sent' });
    await expect(t.mailbox.latest('nobody.here@example.test')).rejects.toThrow('No mail');
  });
});
