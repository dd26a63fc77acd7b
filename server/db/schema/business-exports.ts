import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

/**
 * An archive of a whole business (a facilitator's) or of the whole site (an admin's), written by
 * a job into storage and downloadable by its requester until `expires_at`, when a clean-up deletes
 * the file. The archive format is documented in docs/features/business-export.md.
 */
export const businessExports = pgTable(
  'business_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestedBy: userRef('requested_by'),
    /** 'business': the requester's own business; 'site': everything (admins only) */
    scope: text('scope', { enum: ['business', 'site'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'ready', 'failed', 'expired'] })
      .notNull()
      .default('queued'),
    /** percent of the archive's parts written so far */
    progress: integer('progress').notNull().default(0),
    /** the storage key of the finished archive */
    storageKey: text('storage_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    /** rows per file and files copied, JSON, as the manifest says */
    counts: text('counts'),
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** when the download link stops working and the file is deleted */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
  },
  (t) => [
    // one export queued or running per requester: a second request is refused by the database
    uniqueIndex('business_exports_one_running_idx').on(t.requestedBy).where(sql`${t.state} in ('queued', 'running')`),
    // a requester's exports, newest first
    index('business_exports_requester_idx').on(t.requestedBy, t.createdAt),
    // the clean-up of expired archives
    index('business_exports_expires_idx').on(t.expiresAt).where(sql`${t.storageKey} is not null`),
  ],
);
export type BusinessExport = typeof businessExports.$inferSelect;
