import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILE_MESSAGES } from '../../../common/profiles/schemas';
import { buildFacilitator, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createSession } from '../auth/sessions';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { codeIn } from '../../test/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

type Built = Awaited<ReturnType<typeof buildUser>>;
const form = (u: Built, overrides: Record<string, unknown> = {}) => ({
  name: u.user.name,
  email: u.user.email,
  bio: '',
  twoFactorEnabled: false,
  ...overrides,
});
const save = (u: Built, overrides: Record<string, unknown> = {}, token = u.token) =>
  call(t.app, 'POST', '/api/app/profile', form(u, overrides), token);
const signIn = async (email: string, password: string) =>
  call(t.app, 'POST', '/api/auth/login', { user: { email, password } });

describe('GET/POST app/profile (Settings)', () => {
  it('shows my account without secrets, and saves name, bio and (facilitators) category', async () => {
    const maya = await buildFacilitator(t.db, { name: 'Maya' });
    const mine = (await call(t.app, 'GET', '/api/app/profile', undefined, maya.token)).json();
    expect(mine).toMatchObject({
      name: 'Maya',
      email: maya.user.email,
      emailConfirmed: true,
      pendingEmail: null,
      payoutStatus: 'not_linked',
      hasPaymentDetails: false,
    });
    for (const secret of ['passwordHash', 'password_hash', 'stripeCustomerId', 'token'])
      expect(JSON.stringify(mine)).not.toContain(secret);
    const saved = (await save(maya, { name: 'Maya R.', bio: 'Describe', facilitatorCategory: 'Breathwork' })).json();
    expect(saved).toMatchObject({ name: 'Maya R.', bio: 'Describe', facilitatorCategory: 'Breathwork' });
    expect((await call(t.app, 'GET', '/api/app/profile')).statusCode).toBe(401);
  });

  it('changes the password only with the current one, and signs out my other sessions', async () => {
    const sam = await buildUser(t.db);
    const other = (await signIn(sam.user.email, TEST_PASSWORD)).json().token;
    const missing = await save(sam, { password: 'a-new-calm-river-9', confirmPassword: 'a-new-calm-river-9' });
    expect(missing.json()).toMatchObject({
      error: 'current_password_required',
      message: PROFILE_MESSAGES.currentPasswordRequired,
    });
    const wrong = await save(sam, {
      password: 'a-new-calm-river-9',
      confirmPassword: 'a-new-calm-river-9',
      currentPassword: 'nope-nope-nope',
    });
    expect(wrong.json().error).toBe('current_password_wrong');
    expect(
      (
        await save(sam, {
          password: 'a-new-calm-river-9',
          confirmPassword: 'different-9999',
          currentPassword: TEST_PASSWORD,
        })
      ).statusCode,
    ).toBe(400);

    const ok = await save(sam, {
      password: 'a-new-calm-river-9',
      confirmPassword: 'a-new-calm-river-9',
      currentPassword: TEST_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    // this session stays, the other is gone, and the new password signs in
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, other)).statusCode).toBe(401);
    expect((await signIn(sam.user.email, 'a-new-calm-river-9')).statusCode).toBe(200);
    expect((await t.mailbox.latest(sam.user.email, /password was changed/)).subject).toContain('password');
  });

  it('a new email waits for its code: the old one stays until then', async () => {
    const sam = await buildUser(t.db);
    const newEmail = `new_${sam.user.username}@example.test`;
    expect((await save(sam, { email: newEmail })).json().error).toBe('current_password_required');
    const pending = (await save(sam, { email: newEmail, currentPassword: TEST_PASSWORD })).json();
    expect(pending).toMatchObject({ email: sam.user.email, pendingEmail: newEmail });
    // the old address hears of it at once
    expect((await t.mailbox.latest(sam.user.email, /new email address was set/)).text).toContain(newEmail);
    const other = await createSession(t.db, sam.user.id);
    const code = codeIn(await t.mailbox.latest(newEmail));
    const confirmed = await call(t.app, 'POST', '/api/auth/confirm', { id: sam.user.id, token: code }, sam.token);
    expect(confirmed.statusCode).toBe(200);
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, sam.token)).json()).toMatchObject({
      email: newEmail,
      pendingEmail: null,
      emailConfirmed: true,
    });
    // once done: the other sessions end and the old address is told
    expect((await call(t.app, 'GET', '/api/app/profile', undefined, other)).statusCode).toBe(401);
    expect((await t.mailbox.latest(sam.user.email, /now uses another email address/)).text).toContain(newEmail);
  });

  it('turning two-factor on or off needs the current password and is mailed', async () => {
    const sam = await buildUser(t.db);
    expect((await save(sam, { twoFactorEnabled: true })).json().error).toBe('current_password_required');
    expect((await save(sam, { twoFactorEnabled: true, currentPassword: 'wrong-password-1' })).json().error).toBe(
      'current_password_wrong',
    );
    expect((await save(sam, { twoFactorEnabled: true, currentPassword: TEST_PASSWORD })).json().twoFactorEnabled).toBe(
      true,
    );
    expect((await t.mailbox.latest(sam.user.email, /Two-factor sign-in is on/)).subject).toContain('Two-factor');
    expect((await save(sam, { twoFactorEnabled: false })).json().error).toBe('current_password_required');
    expect((await save(sam, { twoFactorEnabled: false, currentPassword: TEST_PASSWORD })).json().twoFactorEnabled).toBe(
      false,
    );
    expect((await t.mailbox.latest(sam.user.email, /turned off/)).subject).toContain('turned off');
  });

  it("refuses someone else's email and two-factor before the email is confirmed", async () => {
    const [sam, priya] = [await buildUser(t.db), await buildUser(t.db)];
    const taken = await save(sam, { email: priya.user.email, currentPassword: TEST_PASSWORD });
    expect(taken.statusCode).toBe(409);
    const fresh = await buildUser(t.db, { emailConfirmed: false });
    expect((await save(fresh, { twoFactorEnabled: true, currentPassword: TEST_PASSWORD })).json().error).toBe(
      'email_not_confirmed',
    );
    expect((await save(sam, { twoFactorEnabled: true, currentPassword: TEST_PASSWORD })).json().twoFactorEnabled).toBe(
      true,
    );
    expect((await save(sam, { name: '' })).statusCode).toBe(400);
  });
});
