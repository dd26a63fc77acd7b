import { isRecord } from '../is-record';
import type { LoginAnswer, LoginRequest } from './login-schemas';

// The sign-in form's checks and the reading of its answer without zod: /login is the first page
// most people load, and zod was a tenth of its JavaScript (scripts/build/route-js.mjs measures
// it). The server keeps the zod schemas of login-schemas.ts; login-checks.test.ts holds these to
// the same answers.

/** zod's default email format (z.regexes.email), as `z.email()` in login-schemas.ts checks it. */
export const EMAIL_FORMAT =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;
export const EMAIL_MAX = 254;
export const PASSWORD_MAX = 1024;

export const LOGIN_TEXTS = {
  invalidEmail: 'Enter a valid email address',
  passwordRequired: 'Password is required',
} as const;

/** zod's English message for a string over `max` characters. */
const tooLong = (max: number) => `Too big: expected string to have <=${max} characters`;

/** The email as the schema passes it on: trimmed, lower case. */
export const normalEmail = (raw: string) => raw.trim().toLowerCase();

/**
 * The two fields' checks in the schema's order (a field shows its first failing one), in the shape
 * of the web form's rules: `field` is the form value's path.
 */
export const LOGIN_CHECKS = [
  { field: 'user.email', isValid: (v: string) => EMAIL_FORMAT.test(normalEmail(v)), prompt: LOGIN_TEXTS.invalidEmail },
  { field: 'user.email', isValid: (v: string) => normalEmail(v).length <= EMAIL_MAX, prompt: tooLong(EMAIL_MAX) },
  { field: 'user.password', isValid: (v: string) => v.length >= 1, prompt: LOGIN_TEXTS.passwordRequired },
  { field: 'user.password', isValid: (v: string) => v.length <= PASSWORD_MAX, prompt: tooLong(PASSWORD_MAX) },
] as const;

/** What is wrong with the typed fields: each field's first failing check. */
export function loginProblems(email: string, password: string): { email?: string; password?: string } {
  const typed: Record<string, string> = { 'user.email': email, 'user.password': password };
  const problems: Record<string, string> = {};
  for (const check of LOGIN_CHECKS) {
    const name = check.field.slice('user.'.length);
    if (!problems[name] && !check.isValid(typed[check.field])) problems[name] = check.prompt;
  }
  return problems;
}

/** The request as LoginRequest.parse makes it from valid fields. */
export const loginRequest = (email: string, password: string): LoginRequest => ({
  user: { email: normalEmail(email), password },
});

const ANSWER_FIELDS = {
  redirectToTwoFactor: 'boolean',
  method: 'string',
  challenge: 'string',
  userId: 'string',
  token: 'string',
  redirectUrl: 'string',
  error: 'string',
} as const;

/**
 * POST auth/login's answer as LoginAnswer.safeParse reads it: an object whose known fields have
 * their types (method 'email' or 'app'), other fields dropped; anything else is undefined.
 */
export function readLoginAnswer(answer: unknown): LoginAnswer | undefined {
  if (!isRecord(answer)) return undefined;
  const read: Record<string, unknown> = {};
  for (const [field, type] of Object.entries(ANSWER_FIELDS)) {
    const value = answer[field];
    if (value === undefined) continue;
    if (typeof value !== type) return undefined;
    read[field] = value;
  }
  if (read.method !== undefined && read.method !== 'email' && read.method !== 'app') return undefined;
  return read as LoginAnswer;
}
