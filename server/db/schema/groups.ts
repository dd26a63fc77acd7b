import { boolean, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

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
