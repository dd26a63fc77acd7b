import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { AUTHENTICATOR_MESSAGES } from './authenticator';

/** An authenticator app (TOTP) with ten recovery codes, bound to the password step. */
let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
const login = (email: string, password = TEST_PASSWORD) =>
  call(t.app, 'POST', '/api/auth/login', { user: { email, password } });

async function withApp() {
  const sam = await buildUser(t.db);
  expect(
    (await call(t.app, 'POST', '/api/app/two-factor/app/start', { currentPassword: 'not-it-at-all' }, sam.token))
      .statusCode,
  ).toBe(400);
  const setup = (
    await call(t.app, 'POST', '/api/app/two-factor/app/start', { currentPassword: TEST_PASSWORD }, sam.token)
  ).json();
  expect(setup.uri).toMatch(/^otpauth:\/\/totp\/Tend:.+secret=/);
  expect(setup.qr).toMatch(/^data:image\/png;base64,/);
  expect(
    (
      await call(
        t.app,
        'POST',
        '/api/app/two-factor/app/confirm',
        { code: '000000' === codeFor(setup.secret) ? '111111' : '000000' },
        sam.token,
      )
    ).json().message,
  ).toBe(AUTHENTICATOR_MESSAGES.wrongCode);
  const confirmed = (
    await call(t.app, 'POST', '/api/app/two-factor/app/confirm', { code: codeFor(setup.secret) }, sam.token)
  ).json();
  expect(confirmed.recoveryCodes).toHaveLength(10);
  return { sam, secret: setup.secret as string, recovery: confirmed.recoveryCodes as string[] };
}

describe('an authenticator app', () => {
  it('is set up with the password and a first code; the key is stored sealed, the owner mailed', async () => {
    const { sam, secret } = await withApp();
    const [row] = await t.db.select().from(users).where(eq(users.id, sam.user.id));
    expect(row!.totpSecret).not.toContain(secret);
    expect(row!.twoFactorEnabled).toBe(true);
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).json().authenticatorApp).toBe(true);
    expect((await t.mailbox.latest(sam.user.email, /Two-factor sign-in is on/)).subject).toContain('on');
  });

  it('signs in with the password, then the app code; a code alone, or a used challenge, gets nowhere', async () => {
    const { sam, secret } = await withApp();
    const first = (await login(sam.user.email)).json();
    expect(first).toMatchObject({ redirectToTwoFactor: true, method: 'app', userId: sam.user.id });
    // no challenge (no password): refused whatever the code
    expect(
      (
        await call(t.app, 'POST', '/api/auth/2fa/app', {
          id: sam.user.id,
          challenge: 'x'.repeat(43),
          code: codeFor(secret),
        })
      ).json().error,
    ).toBe('challenge_expired');
    expect(
      (await call(t.app, 'POST', '/api/auth/2fa/app', { id: sam.user.id, challenge: first.challenge, code: '12345' }))
        .statusCode,
    ).toBe(400);
    const code = codeFor(secret);
    const signedIn = await call(t.app, 'POST', '/api/auth/2fa/app', {
      id: sam.user.id,
      challenge: first.challenge,
      code,
    });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual({ token: expect.any(String), redirectUrl: '/' });
    // the challenge was single use
    expect(
      (await call(t.app, 'POST', '/api/auth/2fa/app', { id: sam.user.id, challenge: first.challenge, code })).json()
        .error,
    ).toBe('challenge_expired');
    // and the code too: with the password again (a new challenge), the same code is refused
    const again = (await login(sam.user.email)).json();
    expect(
      (await call(t.app, 'POST', '/api/auth/2fa/app', { id: sam.user.id, challenge: again.challenge, code })).json()
        .error,
    ).toBe('wrong_code');
  });

  it('accepts each recovery code once', async () => {
    const { sam, recovery } = await withApp();
    const use = async (code: string) =>
      call(t.app, 'POST', '/api/auth/2fa/app', {
        id: sam.user.id,
        challenge: (await login(sam.user.email)).json().challenge,
        code,
      });
    expect((await use(recovery[0]!.toLowerCase())).statusCode).toBe(200);
    expect((await use(recovery[0]!)).json().error).toBe('wrong_code');
    expect((await use(recovery[1]!.replace('-', ''))).statusCode).toBe(200);
  });

  it('is removed only with the password, and mailed', async () => {
    const { sam } = await withApp();
    expect(
      (await call(t.app, 'POST', '/api/app/two-factor/app/remove', { currentPassword: 'wrong-one-1' }, sam.token))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call(t.app, 'POST', '/api/app/two-factor/app/remove', { currentPassword: TEST_PASSWORD }, sam.token)
      ).json(),
    ).toEqual({ status: 'removed' });
    expect((await login(sam.user.email)).json().token).toEqual(expect.any(String));
    expect((await t.mailbox.latest(sam.user.email, /turned off/)).subject).toContain('turned off');
  });

  it('needs a signed-in account for set-up', async () => {
    expect(
      (await call(t.app, 'POST', '/api/app/two-factor/app/start', { currentPassword: TEST_PASSWORD })).statusCode,
    ).toBe(401);
  });
});
