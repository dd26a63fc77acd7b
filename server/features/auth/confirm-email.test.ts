import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { users, verificationCodes } from '../../db/schema';
import { buildUser } from '../../test/factories';
import { call, startTestApp, type TestApp } from '../../test/harness';
import { codeIn } from '../../test/mailbox';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(() => t.close());

async function unconfirmedUserWithCode() {
  const member = await buildUser(t.db, { emailConfirmed: false });
  const res = await call(t.app, 'GET', '/api/app/send-confirm', undefined, member.token);
  expect(res.json()).toEqual({ userId: member.user.id, status: 'sent' });
  return { ...member, code: codeIn(await t.mailbox.latest(member.user.email)) };
}

describe('POST /api/auth/confirm', () => {
  it('confirms the email with the mailed code (hyphens and dots stripped)', async () => {
    const { user, code } = await unconfirmedUserWithCode();
    const res = await call(t.app, 'POST', '/api/auth/confirm', {
      id: user.id,
      token: `${code[0]}.${code.slice(1, 3)}-${code[3]}`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'confirmed' });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailConfirmed).toBe(true);
  });

  it('refuses a wrong code with the reason and leaves the email unconfirmed', async () => {
    const { user, code } = await unconfirmedUserWithCode();
    const res = await call(t.app, 'POST', '/api/auth/confirm', {
      id: user.id,
      token: code === 'ZZZZ' ? 'YYYY' : 'ZZZZ',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 'failed',
      error: 'email_code_wrong',
      message: 'That code is not right. Please check the email and try again.',
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, user.id));
    expect(row!.emailConfirmed).toBe(false);
  });

  it('refuses an expired code', async () => {
    const { user, code } = await unconfirmedUserWithCode();
    await t.db
      .update(verificationCodes)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationCodes.userId, user.id));
    const res = await call(t.app, 'POST', '/api/auth/confirm', { id: user.id, token: code });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      error: 'email_code_invalid',
      message: 'This code is no longer valid. Please request a new one.',
    });
  });

  it('a resent code replaces the earlier one', async () => {
    const { user, token, code: first } = await unconfirmedUserWithCode();
    await call(t.app, 'GET', '/api/app/send-confirm', undefined, token);
    const second = codeIn(await t.mailbox.latest(user.email));
    if (first !== second) {
      const old = await call(t.app, 'POST', '/api/auth/confirm', { id: user.id, token: first });
      expect(old.statusCode).toBe(400);
    }
    expect((await call(t.app, 'POST', '/api/auth/confirm', { id: user.id, token: second })).statusCode).toBe(200);
  });
});

describe('GET /api/app/send-confirm', () => {
  it('is refused to visitors with 401', async () => {
    expect((await call(t.app, 'GET', '/api/app/send-confirm')).statusCode).toBe(401);
  });

  it('sends nothing when the email is already confirmed', async () => {
    const { user, token } = await buildUser(t.db);
    const res = await call(t.app, 'GET', '/api/app/send-confirm', undefined, token);
    expect(res.json()).toEqual({ userId: user.id, status: 'already_confirmed' });
    expect(t.mailbox.count(user.email)).toBe(0);
  });

  it('is rate limited per account', async () => {
    const { token } = await buildUser(t.db, { emailConfirmed: false });
    const codes = [];
    for (let i = 0; i < 6; i++)
      codes.push((await call(t.app, 'GET', '/api/app/send-confirm', undefined, token)).statusCode);
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('codes', () => {
  it('are valid for 10 minutes', async () => {
    const { user } = await unconfirmedUserWithCode();
    const [row] = await t.db.select().from(verificationCodes).where(eq(verificationCodes.userId, user.id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(10, 0);
  });
});
