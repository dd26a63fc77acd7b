import { index, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { userRef } from './columns';

/**
 * The first answer of each write sent with an `Idempotency-Key` (`platform/idempotency.ts`): a
 * retry with the same key answers it again instead of writing twice.
 * `status` is null while the first request runs; only 2xx answers are kept, for 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: userRef(),
    key: text('key').notNull(),
    /** SHA-256 of method, path and body: the same key for another request is refused */
    requestHash: text('request_hash').notNull(),
    status: integer('status'),
    body: jsonb('body'),
    /** when the request claimed the key (taken again when an unfinished claim is abandoned) */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.key] }),
    // the hourly clean-up: rows older than 24 hours
    index('idempotency_keys_created_idx').on(t.createdAt),
  ],
);
