import type { Limit } from '../../platform/rate-limit';

const MIN = 60;
/** DESIGN.md §5 rate limits, per IP and per account, shared by every instance. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * MIN },
  /** one address tried from one IP: an attacker's guesses there cannot lock the owner out elsewhere */
  loginPerAccountAndIp: { max: 10, windowSeconds: 15 * MIN },
  registerPerIp: { max: 10, windowSeconds: 60 * MIN },
  codePerIp: { max: 30, windowSeconds: 15 * MIN },
  codePerAccount: { max: 15, windowSeconds: 15 * MIN },
  /** with 4-character (20-bit) codes: 20 guesses a day is under 1% a year for someone holding the password */
  codePerAccountPerDay: { max: 20, windowSeconds: 24 * 60 * MIN },
  resetRequestPerIp: { max: 10, windowSeconds: 60 * MIN },
  resetRequestPerAccount: { max: 5, windowSeconds: 60 * MIN },
  resetPerIp: { max: 20, windowSeconds: 60 * MIN },
  resendPerAccount: { max: 5, windowSeconds: 60 * MIN },
} satisfies Record<string, Limit>;

/**
 * Failed sign-ins of one account from anywhere (issue 17): they slow its sign-ins down instead of
 * locking the owner out, and the owner is mailed once when they reach MAIL_AFTER.
 */
export const LOGIN_FAILURES = { windowSeconds: 60 * MIN, slowAfter: 5, mailAfter: 10, maxDelayMs: 8_000 };

/**
 * The wait before answering a sign-in of an account with `failures` recent failures: 0, then
 * 1 s, 2 s, 4 s, 8 s at most.
 */
export const loginDelayMs = (failures: number, unitMs: number) =>
  failures < LOGIN_FAILURES.slowAfter
    ? 0
    : Math.min(unitMs * 2 ** (failures - LOGIN_FAILURES.slowAfter), (LOGIN_FAILURES.maxDelayMs * unitMs) / 1000);
