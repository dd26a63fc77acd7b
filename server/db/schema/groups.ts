import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

/** A community group of an owner; its members are in memberships.ts, its posts in posts.ts. */
export const groups = pgTable(
  'groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: userRef('owner_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull().default(''),
    coverPhoto: text('cover_photo'),
    thumbnail: text('thumbnail'),
    isPrivate: boolean('is_private').notNull().default(false),
    isHidden: boolean('is_hidden').notNull().default(false),
    allowAnonymous: boolean('allow_anonymous').notNull().default(false),
    memberCap: integer('member_cap'),
    createdAt: createdAt(),
  },
  // a user's own groups (app/own-group, the tier form's associated group)
  (t) => [index('groups_owner_idx').on(t.ownerId, t.createdAt)],
);
export type Group = typeof groups.$inferSelect;

/** A tag groups are found by. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull().unique(),
  },
  // one tag per word whatever its case: 'sleep' beside 'Sleep' is refused
  (t) => [uniqueIndex('tags_text_lower_idx').on(sql`lower(${t.text})`)],
);

export const groupTags = pgTable(
  'group_tags',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    tagId: uuid('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.tagId] })],
);
