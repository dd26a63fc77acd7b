import type { AppContext } from '../../platform/context';
import type { Limit } from '../../platform/rate-limit';

const MIN = 60;
/** Rate limits per IP and per account, counted in the database so every instance shares them. */
export const LIMITS = {
  loginPerIp: { max: 30, windowSeconds: 15 * MIN },
  /** one address tried from one IP: an attacker's guesses there cannot lock the owner out elsewhere */
  loginPerAccountAndIp: { max: 10, windowSeconds: 15 * MIN },
  registerPerIp: { max: 10, windowSeconds: 60 * MIN },
  codePerIp: { max: 30, windowSeconds: 15 * MIN },
  codePerAccount: { max: 15, windowSeconds: 15 * MIN },
  /** with 4-character (20-bit) codes: 20 guesses a day is under 1% a year for someone holding the password */
  codePerAccountPerDay: { max: 20, windowSeconds: 24 * 60 * MIN },
  /** mailed codes tried without proof of being the account's owner: a budget of their own */
  unprovenCodePerAccountPerDay: { max: 20, windowSeconds: 24 * 60 * MIN },
  resetRequestPerIp: { max: 10, windowSeconds: 60 * MIN },
  resetRequestPerAccount: { max: 5, windowSeconds: 60 * MIN },
  resetPerIp: { max: 20, windowSeconds: 60 * MIN },
  resendPerAccount: { max: 5, windowSeconds: 60 * MIN },
} satisfies Record<string, Limit>;

/**
 * A code attempt from `ip` counts against that address whatever it answers; it counts against the
 * account only once it answers a live challenge (a code the server mailed, or the proof of a
 * password step), so a stranger who knows the account's id but not its password cannot spend the
 * owner's budget and lock them out.
 */
export const countCodeAttemptFrom = (ctx: AppContext, ip: string) => ctx.limiter.hit(`code:ip:${ip}`, LIMITS.codePerIp);

/** A code attempt against a live challenge of the account: 15 in 15 minutes, 20 a day, then 429. */
export async function countCodeAttemptOn(ctx: AppContext, userId: string) {
  await ctx.limiter.hit(`code:account:${userId}`, LIMITS.codePerAccount);
  await ctx.limiter.hit(`code:account-day:${userId}`, LIMITS.codePerAccountPerDay);
}

/**
 * A mailed code tried without proof that the caller is the account's owner (a sign-in code without
 * the password step's challenge, a confirmation code from someone not signed in as the account):
 * 20 a day per account, counted apart from the owner's own tries, so whatever a stranger sends
 * never spends what the owner's sign-in or confirmation needs.
 */
export const countUnprovenCodeAttemptOn = (ctx: AppContext, userId: string) =>
  ctx.limiter.hit(`code:unproven-day:${userId}`, LIMITS.unprovenCodePerAccountPerDay);

/**
 * Failed sign-ins of one account from anywhere: they slow its sign-ins down instead of
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
