import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { EMAIL_FORMAT, loginProblems, loginRequest, readLoginAnswer } from './login-checks';
import { LoginAnswer, LoginRequest } from './login-schemas';

// zod's English messages, as web/zod-config.ts registers them (and the server's full-zod schemas)
z.config(z.locales.en());

/** What the zod schema says about the two typed fields: the first message of each, or the parsed request. */
function bySchema(email: string, password: string) {
  const parsed = LoginRequest.safeParse({ user: { email, password } });
  if (parsed.success) return { request: parsed.data };
  const first = (field: string) => parsed.error.issues.find((i) => i.path.join('.') === `user.${field}`)?.message;
  return { email: first('email'), password: first('password') };
}

function byHand(email: string, password: string) {
  const problems = loginProblems(email, password);
  if (Object.keys(problems).length > 0) return { email: problems.email, password: problems.password };
  return { request: loginRequest(email, password) };
}

const long = (n: number) => 'x'.repeat(n);

describe('the sign-in checks written without zod (the /login page) agree with LoginRequest (the server)', () => {
  it('uses the email format of z.email()', () => {
    // the same pattern; Biome drops the escapes of a '-' that ends a character class
    const unescaped = (pattern: RegExp) => pattern.source.replace(/\\-\]/g, '-]');
    expect(unescaped(EMAIL_FORMAT)).toBe(unescaped(z.regexes.email));
  });

  it.each([
    ['', ''],
    ['ada@example.test', 'correct-horse'],
    ['  Ada@Example.TEST ', 'x'],
    ['ada', 'x'],
    ['ada@', 'x'],
    ['ada@example', 'x'],
    ['.ada@example.test', 'x'],
    ['ada..b@example.test', 'x'],
    ["o'neil+tag@mail.example.co", 'x'],
    ['ada@-example.test', 'x'],
    ['ada@exa_mple.test', 'x'],
    [`ada@${long(250)}.test`, 'x'],
    [`${long(245)}@example.test`, 'x'],
    [`${long(241)}@example.test`, 'x'],
    ['not an email', long(1025)],
    ['ada@example.test', long(1024)],
    ['ada@example.test', ' '],
    ['ADA@EXAMPLE.TEST', ''],
  ])('email %j, password %j', (email, password) => {
    expect(byHand(email, password)).toEqual(bySchema(email, password));
  });
});

describe('readLoginAnswer reads what LoginAnswer.safeParse reads', () => {
  it.each([
    { token: 'tok-1', redirectUrl: '/dashboard' },
    { redirectToTwoFactor: true, userId: 'u-1' },
    { redirectToTwoFactor: true, userId: 'u-1', method: 'app', challenge: 'c'.repeat(40) },
    { error: 'unauthorized', extra: 1 },
    {},
    { token: 42 },
    { method: 'sms', userId: 'u-1', redirectToTwoFactor: true },
    { redirectToTwoFactor: 'yes', token: 'tok-1' },
    { token: null },
    [],
    null,
    'tok-1',
    42,
  ])('%j', (answer) => {
    const parsed = LoginAnswer.safeParse(answer);
    expect(readLoginAnswer(answer)).toEqual(parsed.success ? parsed.data : undefined);
  });
});
