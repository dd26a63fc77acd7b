import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { tiers } from './program';

/** spec 02 §3 Group. Memberships, tags and posts arrive with the community issue. */
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

/** spec 02 §3 Tag. */
export const tags = pgTable(
  'tags',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    text: text('text').notNull().unique(),
  },
  // one tag per word whatever its case: 'sleep' beside 'Sleep' is refused (issue 15)
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

/** spec 02 §4 Membership request: pending -> approved | rejected; approved -> rejected (Remove). */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    groupId: uuid('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: userRef(),
    status: text('status', { enum: ['pending', 'approved', 'rejected'] }).notNull(),
    requestText: text('request_text').notNull().default(''),
    /**
     * The tier whose subscription made this an approved membership (the tier's associated
     * group); null when the member joined on their own, so ending the subscription leaves it.
     */
    grantedByTierId: uuid('granted_by_tier_id').references(() => tiers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    // one request per person and group
    uniqueIndex('memberships_group_user_idx').on(t.groupId, t.userId),
    // a user's groups (My Groups, access checks)
    index('memberships_user_idx').on(t.userId, t.status),
  ],
);
