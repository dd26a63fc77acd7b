import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { groups } from './groups';

/** A post: in the inspiration feed (no group) or in a group's discussion. */
export const posts = pgTable(
  'posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    groupId: uuid('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    text: text('text').notNull().default(''),
    media: text('media'),
    mediaType: text('media_type', { enum: ['audio', 'video', 'image', 'document'] }),
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    /** the author's alt text for each photo, by position ('' where none was written) */
    photoAlts: text('photo_alts').array().notNull().default(sql`'{}'::text[]`),
    /** posted without the author's name, in a group that allows it (others see 'Anonymous member') */
    anonymous: boolean('anonymous').notNull().default(false),
    hits: integer('hits').notNull().default(0),
    /** kept by triggers on post_hearts and comments (migration 0013), cascades included */
    heartCount: integer('heart_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    // millisecond precision: the feed's keyset cursor carries it as an ISO string
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** when the author last changed the text (shown as 'edited') */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** hidden pending review or by a moderator: shown only to its author, the group's moderators and admins */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  (t) => [
    // a group's discussion, newest first (keyset on created_at, id). 'nulls first' because that
    // is what ORDER BY ... DESC means: an index built 'desc nulls last' cannot serve it
    index('posts_group_created_idx').on(t.groupId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // the inspiration feed: PostgreSQL does not take `group_id is null` as an equality that
    // orders the index above, so the feed has its own partial index (no sort, no scan of all posts)
    index('posts_feed_idx')
      .on(t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst())
      .where(sql`${t.groupId} is null`),
    // the admin's list of a group's posts sorted by hits
    index('posts_group_hits_idx').on(t.groupId, t.hits, t.id),
    index('posts_group_hearts_idx').on(t.groupId, t.heartCount, t.id),
    index('posts_group_comments_idx').on(t.groupId, t.commentCount, t.id),
    // a member's own posts (the profile's Feed tab, account export and deletion)
    index('posts_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // a post whose media is asked for (signed URLs)
    index('posts_media_idx').on(t.media),
    // searching the inspiration feed: `lower(text) like '%…%'` (pg_trgm)
    index('posts_feed_text_trgm_idx').using('gin', sql`lower(${t.text}) gin_trgm_ops`).where(sql`${t.groupId} is null`),
  ],
);
export type Post = typeof posts.$inferSelect;

export const comments = pgTable(
  'comments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /** the comment this one answers (one level: always a top-level comment of the same post) */
    parentId: uuid('parent_id').references((): AnyPgColumn => comments.id, { onDelete: 'cascade' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
    /** when the author last changed the text (shown as 'edited') */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** hidden pending review or by a moderator: shown only to its author, the group's moderators and admins */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
  },
  // a post's comments in order, and the comment counts of a feed page; a member's comments
  // (account export and deletion, which would otherwise scan every comment); a comment's replies
  // (the parent's cascade)
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt),
    index('comments_user_idx').on(t.userId),
    index('comments_parent_idx').on(t.parentId),
  ],
);

/** One heart per member and post: a member's heart toggles on and off. */
export const postHearts = pgTable(
  'post_hearts',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef(),
    createdAt: createdAt(),
  },
  // the key serves a post's hearts; the user index serves deleting or exporting a member
  (t) => [primaryKey({ columns: [t.postId, t.userId] }), index('post_hearts_user_idx').on(t.userId)],
);

/** Who was already told about a heart, so toggling never notifies twice. */
export const postHeartNotices = pgTable(
  'post_heart_notices',
  {
    postId: uuid('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: userRef(),
  },
  (t) => [primaryKey({ columns: [t.postId, t.userId] })],
);
