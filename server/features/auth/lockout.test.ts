import { Secret, TOTP } from 'otpauth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildUser, TEST_PASSWORD } from '../../test/factories';
import { call, startSecondInstance, startTestApp, type TestApp } from '../../test/harness';
import { codeIn } from '../../test/mailbox';

/**
 * A stranger who knows a member's id (it is public in posts and profiles) but not their password
 * cannot lock them out: code attempts count against the account only when they answer a challenge
 * the server issued, and nothing else a stranger sends makes the owner's next sign-in fail.
 */
let t: TestApp;
let second: Awaited<ReturnType<typeof startSecondInstance>>;
beforeAll(async () => {
  t = await startTestApp();
  second = await startSecondInstance(t);
});
afterAll(async () => {
  await second?.close();
  await t?.close();
});

const codeFor = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');
const madeUpChallenge = (i: number) => `made-up-challenge-${i}`.padEnd(43, 'x');

const post = (app: FastifyInstance, url: string, payload: object, ip: string) =>
  app.inject({ method: 'POST', url, payload, remoteAddress: ip });

const login = (app: FastifyInstance, email: string, ip: string, password = TEST_PASSWORD) =>
  post(app, '/api/auth/login', { user: { email, password } }, ip);

/** A member whose second step is an authenticator app. */
async function withAuthenticator() {
  const member = await buildUser(t.db);
  const setup = (
    await call(t.app, 'POST', '/api/app/two-factor/app/start', { currentPassword: TEST_PASSWORD }, member.token)
  ).json();
  const confirmed = await call(
    t.app,
    'POST',
    '/api/app/two-factor/app/confirm',
    { code: codeFor(setup.secret) },
    member.token,
  );
  expect(confirmed.statusCode).toBe(200);
  // the set-up's code was spent: the next sign-in needs the app's next step, or a recovery code
  return { ...member, secret: setup.secret as string, recovery: confirmed.json().recoveryCodes as string[] };
}

/** The stranger's requests, spread over two instances and 20 addresses. */
const strangerApps = () => [t.app, second.app];

describe('a stranger with a member’s id', () => {
  it('cannot lock out an authenticator-app sign-in with made-up challenges from many addresses', async () => {
    const owner = await withAuthenticator();
    const answers = [];
    for (let i = 0; i < 22; i++) {
      const app = strangerApps()[i % 2]!;
      const res = await post(
        app,
        '/api/auth/2fa/app',
        { id: owner.user.id, challenge: madeUpChallenge(i), code: otherThan(codeFor(owner.secret)) },
        `10.60.${i % 20}.1`,
      );
      answers.push(res.statusCode);
    }
    expect(answers.every((s) => s === 400)).toBe(true);

    // the owner, through either instance: right password, then a recovery code (the app's code
    // of this 30-second step was spent by the set-up)
    const first = (await login(second.app, owner.user.email, '10.61.0.1')).json();
    expect(first).toMatchObject({ redirectToTwoFactor: true, method: 'app' });
    const signedIn = await post(
      t.app,
      '/api/auth/2fa/app',
      { id: owner.user.id, challenge: first.challenge, code: owner.recovery[0] },
      '10.61.0.1',
    );
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
  });

  it('cannot lock out a mailed-code sign-in with wrong codes from many addresses', async () => {
    const owner = await buildUser(t.db, { twoFactorEnabled: true });
    const answers = [];
    for (let i = 0; i < 22; i++) {
      const res = await post(
        strangerApps()[i % 2]!,
        '/api/auth/2fa',
        { id: owner.user.id, token: 'ZZZZ' },
        `10.62.${i % 20}.1`,
      );
      answers.push(res.statusCode);
    }
    expect(answers.every((s) => s === 400)).toBe(true);

    expect((await login(second.app, owner.user.email, '10.63.0.1')).json()).toMatchObject({ method: 'email' });
    const code = codeIn(await t.mailbox.latest(owner.user.email, /sign-in code/));
    const signedIn = await post(t.app, '/api/auth/2fa', { id: owner.user.id, token: code }, '10.63.0.1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
  });

  it('cannot spend the tries the owner’s own sign-in needs, even while a code is live', async () => {
    const owner = await buildUser(t.db, { twoFactorEnabled: true });
    const wrongFor = (code: string) => (code === 'ZZZZ' ? 'YYYY' : 'ZZZZ');
    // the owner signs in now and then; a stranger sprays guesses without the password step's proof
    const statuses = [];
    for (let round = 0; round < 6; round++) {
      await login(second.app, owner.user.email, `10.69.${round}.1`);
      const wrong = wrongFor(codeIn(await t.mailbox.latest(owner.user.email, /sign-in code/)));
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await post(
              strangerApps()[i % 2]!,
              '/api/auth/2fa',
              { id: owner.user.id, token: wrong },
              `10.70.${i}.${round}`,
            )
          ).statusCode,
        );
    }
    // 20 unproven tries a day, then 429 for those only
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
    // a made-up proof is no proof: refused before it counts on anything of the owner's
    const forged = await post(
      t.app,
      '/api/auth/2fa',
      { id: owner.user.id, token: 'ZZZZ', challenge: madeUpChallenge(1) },
      '10.70.9.9',
    );
    expect(forged.json().error).toBe('challenge_expired');

    // the owner, with the proof their password step answered, signs in at once
    const { challenge } = (await login(t.app, owner.user.email, '10.69.9.1')).json();
    const code = codeIn(await t.mailbox.latest(owner.user.email, /sign-in code/));
    const signedIn = await post(t.app, '/api/auth/2fa', { id: owner.user.id, token: code, challenge }, '10.69.9.1');
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json().token).toEqual(expect.any(String));
    // the proof was good for that one sign-in
    const again = await post(second.app, '/api/auth/2fa', { id: owner.user.id, token: code, challenge }, '10.69.9.1');
    expect(again.json().error).toBe('challenge_expired');
  });

  it('cannot stop the owner confirming their email with wrong codes from many addresses', async () => {
    const owner = await buildUser(t.db, { emailConfirmed: false });
    const answers = [];
    for (let i = 0; i < 22; i++) {
      const res = await post(
        strangerApps()[i % 2]!,
        '/api/auth/confirm',
        { id: owner.user.id, token: 'ZZZZ' },
        `10.64.${i % 20}.1`,
      );
      answers.push(res.statusCode);
    }
    expect(answers.every((s) => s === 400)).toBe(true);

    expect((await call(second.app, 'GET', '/api/app/send-confirm', undefined, owner.token)).json().status).toBe('sent');
    const code = codeIn(await t.mailbox.latest(owner.user.email));
    const confirmed = await post(t.app, '/api/auth/confirm', { id: owner.user.id, token: code }, '10.65.0.1');
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
  });

  it('cannot spend the tries the owner’s own email confirmation needs, even while a code is live', async () => {
    const owner = await buildUser(t.db, { emailConfirmed: false });
    const sendCode = async () => {
      expect((await call(second.app, 'GET', '/api/app/send-confirm', undefined, owner.token)).json().status).toBe(
        'sent',
      );
      return codeIn(await t.mailbox.latest(owner.user.email));
    };
    const statuses = [];
    for (let round = 0; round < 4; round++) {
      const wrong = (await sendCode()) === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
      for (let i = 0; i < 5; i++)
        statuses.push(
          (
            await post(
              strangerApps()[i % 2]!,
              '/api/auth/confirm',
              { id: owner.user.id, token: wrong },
              `10.72.${i}.${round}`,
            )
          ).statusCode,
        );
    }
    expect(statuses.every((s) => s === 400)).toBe(true);
    const code = await sendCode();
    // the stranger's 20 a day are spent; the owner, signed in as the account, confirms
    const refused = await post(t.app, '/api/auth/confirm', { id: owner.user.id, token: 'ZZZZ' }, '10.72.9.9');
    expect(refused.statusCode).toBe(429);
    const confirmed = await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirm',
      payload: { id: owner.user.id, token: code },
      headers: { authorization: `Bearer ${owner.token}` },
      remoteAddress: '10.73.0.1',
    });
    expect(confirmed.json()).toEqual({ status: 'confirmed' });
  });
});

describe('someone holding the password still runs out of guesses', () => {
  it('5 wrong app codes end a challenge, even for the right code afterwards', async () => {
    const owner = await withAuthenticator();
    const { challenge } = (await login(t.app, owner.user.email, '10.66.0.1')).json();
    const wrong = otherThan(codeFor(owner.secret));
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await post(
            strangerApps()[i % 2]!,
            '/api/auth/2fa/app',
            { id: owner.user.id, challenge, code: wrong },
            `10.66.${i}.2`,
          )
        ).json().error,
      );
    expect(answers).toEqual(['wrong_code', 'wrong_code', 'wrong_code', 'wrong_code', 'challenge_expired']);
    const late = await post(
      t.app,
      '/api/auth/2fa/app',
      { id: owner.user.id, challenge, code: owner.recovery[0] },
      '10.66.9.2',
    );
    expect(late.json().error).toBe('challenge_expired');
  });

  it('wrong app codes over fresh challenges run into the account’s limit (15 in 15 minutes)', async () => {
    const owner = await withAuthenticator();
    const wrong = otherThan(codeFor(owner.secret));
    const statuses = [];
    for (let round = 0; round < 4; round++) {
      const { challenge } = (await login(strangerApps()[round % 2]!, owner.user.email, `10.67.${round}.1`)).json();
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await post(
              t.app,
              '/api/auth/2fa/app',
              { id: owner.user.id, challenge, code: wrong },
              `10.67.${round}.${i + 2}`,
            )
          ).statusCode,
        );
    }
    expect(statuses.slice(0, 15).every((s) => s === 400)).toBe(true);
    expect(statuses[15]).toBe(429);
  });

  it('5 wrong mailed codes with the proof end the code, even for the right code afterwards', async () => {
    const owner = await buildUser(t.db, { twoFactorEnabled: true });
    const { challenge } = (await login(t.app, owner.user.email, '10.71.0.1')).json();
    const code = codeIn(await t.mailbox.latest(owner.user.email, /sign-in code/));
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    const answers = [];
    for (let i = 0; i < 5; i++)
      answers.push(
        (
          await post(
            strangerApps()[i % 2]!,
            '/api/auth/2fa',
            { id: owner.user.id, token: wrong, challenge },
            `10.71.${i}.2`,
          )
        ).json().error,
      );
    expect(answers).toEqual([
      'email_code_wrong',
      'email_code_wrong',
      'email_code_wrong',
      'email_code_wrong',
      'email_code_invalid',
    ]);
    const late = await post(t.app, '/api/auth/2fa', { id: owner.user.id, token: code, challenge }, '10.71.9.2');
    expect(late.json().error).toBe('email_code_invalid');
  });

  it('20 mailed-code guesses a day per account, whatever the 15-minute window says', async () => {
    const owner = await buildUser(t.db, { twoFactorEnabled: true });
    const statuses = [];
    for (let round = 0; round < 6; round++) {
      await login(strangerApps()[round % 2]!, owner.user.email, `10.68.${round}.1`);
      const code = codeIn(await t.mailbox.latest(owner.user.email, /sign-in code/));
      const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
      for (let i = 0; i < 4; i++) {
        // a fresh 15-minute window each time: only the daily count is left to stop the guesses
        await t.db.execute(sql`delete from rate_limits where key = ${`code:account:${owner.user.id}`}`);
        statuses.push(
          (await post(t.app, '/api/auth/2fa', { id: owner.user.id, token: wrong }, `10.68.${round}.${i + 2}`))
            .statusCode,
        );
      }
    }
    expect(statuses.slice(0, 20).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(20).every((s) => s === 429)).toBe(true);
  });
});
