import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

/** Session tokens: only the SHA-256 of the token is stored, never the token itself. */
export const authSessions = pgTable(
  'auth_sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    /** what Settings names a session by (the token's hash never leaves the server) */
    id: uuid('id').notNull().unique().defaultRandom(),
    userId: userRef(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** the browser it was used from (its User-Agent, shortened), and when, for Settings' session list */
    userAgent: text('user_agent'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // revoking a user's other sessions on password change
  (t) => [index('auth_sessions_user_idx').on(t.userId)],
);

/** Emailed 4-character codes for email confirmation and two-factor login, stored hashed. */
export const verificationCodes = pgTable(
  'verification_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    purpose: text('purpose', { enum: ['confirm_email', 'two_factor'] }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  // the live code of a user for a purpose
  (t) => [index('verification_codes_user_purpose_idx').on(t.userId, t.purpose)],
);

/** Password reset links: random token, 1 hour, single use. */
export const passwordResets = pgTable(
  'password_resets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId)],
);

/** Rate-limit counters in fixed windows, kept in the database so every server instance shares them. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/** Single-use recovery codes for an account with an authenticator app (ten at setup), stored hashed. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId)],
);

/**
 * The proof that a sign-in passed its password step, handed to the second step (an
 * authenticator code alone proves nothing about the password, unlike a mailed code). 10 minutes.
 */
export const loginChallenges = pgTable('login_challenges', {
  tokenHash: text('token_hash').primaryKey(),
  userId: userRef(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
