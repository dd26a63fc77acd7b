import { bigint, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users';

/** Uploaded media (app/upload): the key is server-generated; type sniffed from the bytes. */
export const mediaFiles = pgTable(
  'media_files',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    fileType: text('file_type', { enum: ['audio', 'video', 'image', 'document'] }).notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    originalName: text('original_name'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('media_files_owner_idx').on(t.ownerId)],
);

/** Image upload tokens handed out by image-upload-auth: each uploads one image, once. */
export const imageUploadTokens = pgTable('image_upload_tokens', {
  token: text('token').primaryKey(),
  userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

/** Images on the built-in host (ImageKit-compatible): path -> stored original. */
export const images = pgTable(
  'images',
  {
    path: text('path').primaryKey(),
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    width: bigint('width', { mode: 'number' }),
    height: bigint('height', { mode: 'number' }),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // an account's stored bytes (the upload quota)
  (t) => [index('images_owner_idx').on(t.ownerId)],
);
