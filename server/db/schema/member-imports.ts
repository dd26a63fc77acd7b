import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { tiers } from './program';
import { users } from './users';

/**
 * A facilitator's upload of members from a CSV: the stored file, how its columns and tier values
 * map, the mail choice and where the run stands. The rows written by the run are
 * member_import_rows, one per file row, each written once.
 */
export const memberImports = pgTable(
  'member_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilitatorId: userRef('facilitator_id'),
    fileName: text('file_name').notNull(),
    /** the CSV in object storage (member-imports/<id>.csv) */
    fileKey: text('file_key').notNull(),
    /** the recognised export ('patreon', 'ghost', 'substack', 'kajabi') or 'other' */
    format: text('format').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** per column (by position): the field it fills, or 'ignore' */
    columns: jsonb('columns').$type<string[]>().notNull(),
    /** lower-cased tier value in the file → tier id, or null for no tier */
    tierValues: jsonb('tier_values').$type<Record<string, string | null>>().notNull().default({}),
    status: text('status', { enum: ['uploaded', 'queued', 'running', 'done'] })
      .notNull()
      .default('uploaded'),
    mail: text('mail', { enum: ['none', 'now', 'scheduled'] })
      .notNull()
      .default('none'),
    mailPerMinute: integer('mail_per_minute').notNull().default(30),
    /** when the first welcome mail may go (scheduled), or the run's start (now) */
    mailFrom: timestamp('mail_from', { withTimezone: true }),
    /** welcome mails given a slot so far: the next one waits this many / per minute minutes */
    mailsQueued: integer('mails_queued').notNull().default(0),
    rowsTotal: integer('rows_total').notNull().default(0),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [index('member_imports_facilitator_idx').on(t.facilitatorId, t.createdAt)],
);
export type MemberImport = typeof memberImports.$inferSelect;

/**
 * One row of an import's file once processed: written in the same transaction as its effect, and
 * keyed by (import, row), so a resumed or repeated run never processes a row twice.
 */
export const memberImportRows = pgTable(
  'member_import_rows',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => memberImports.id, { onDelete: 'cascade' }),
    rowNumber: integer('row_number').notNull(),
    /** lower-cased as read (may be invalid on an error row) */
    email: text('email').notNull(),
    outcome: text('outcome', { enum: ['new_account', 'joins_tier', 'no_change', 'error'] }).notNull(),
    reason: text('reason').notNull().default(''),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    tierId: uuid('tier_id').references(() => tiers.id, { onDelete: 'set null' }),
    /** the row's Stripe customer (cus_…), kept for linking its paid subscriptions */
    stripeCustomerId: text('stripe_customer_id'),
    mailStatus: text('mail_status', { enum: ['none', 'pending', 'sent', 'opted_out'] })
      .notNull()
      .default('none'),
    mailAfter: timestamp('mail_after', { withTimezone: true }),
    processedAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.rowNumber] }),
    // a later row with an address an earlier row of the same file holds is a duplicate
    index('member_import_rows_email_idx').on(t.importId, t.email),
    index('member_import_rows_user_idx').on(t.userId).where(sql`${t.userId} is not null`),
  ],
);
export type MemberImportRow = typeof memberImportRows.$inferSelect;
