import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { content, tiers } from './program';
import { createdAt, userRef } from './columns';

/**
 * A bulk import of recordings into one tier's queue (a podcast feed, or a ZIP of files): the
 * job works through its items one at a time and can resume after a restart.
 */
export const contentImports = pgTable(
  'content_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: userRef('owner_id'),
    tierId: uuid('tier_id')
      .notNull()
      .references(() => tiers.id, { onDelete: 'cascade' }),
    source: text('source', { enum: ['feed', 'zip', 'files'] }).notNull(),
    /** the feed address, sealed (a private feed's address is a password) */
    sealedFeedUrl: text('sealed_feed_url'),
    /** what the list shows: the feed's title or the ZIP's file name */
    label: text('label').notNull(),
    /** the content type each item gets */
    contentType: text('content_type', {
      enum: ['meditation', 'breathwork', 'reading', 'journal', 'podcast', 'workout', 'informational'],
    }).notNull(),
    /** the uploaded ZIP in storage, kept while an item may still be retried (files: their folder) */
    archiveKey: text('archive_key'),
    /** each retry starts a new round of jobs (the job key carries it) */
    round: integer('round').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('content_imports_owner_idx').on(t.ownerId, t.createdAt)],
);
export type ContentImport = typeof contentImports.$inferSelect;

/**
 * One item of an import. It becomes content once: the item is marked done in the transaction
 * that creates its content, and only while it is not done already.
 */
export const contentImportItems = pgTable(
  'content_import_items',
  {
    importId: uuid('import_id')
      .notNull()
      .references(() => contentImports.id, { onDelete: 'cascade' }),
    /** the order the items go into the queue, from 0 */
    position: integer('position').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** a feed item's enclosure address (sealed), the ZIP entry's name, or an uploaded file's storage key */
    source: text('source').notNull(),
    /** the item's own artwork address (sealed), if the feed names one */
    sealedArtworkUrl: text('sealed_artwork_url'),
    /** the queue day the CSV asked for, if any */
    day: integer('day'),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    mimeType: text('mime_type'),
    size: bigint('size', { mode: 'number' }),
    state: text('state', { enum: ['pending', 'done', 'failed'] })
      .notNull()
      .default('pending'),
    reason: text('reason'),
    contentId: uuid('content_id').references(() => content.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.position] }),
    check('content_import_items_done_has_no_reason', sql`${t.state} <> 'done' or ${t.reason} is null`),
  ],
);
export type ContentImportItem = typeof contentImportItems.$inferSelect;
