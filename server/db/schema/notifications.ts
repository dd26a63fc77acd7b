import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './columns';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    message: text('message').notNull(),
    link: text('link').notNull(),
    viewed: boolean('viewed').notNull().default(false),
    // millisecond precision, so the keyset cursor sent as an ISO string matches rows exactly
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  },
  // a user's newest notifications first
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst())],
);

export type Notification = typeof notifications.$inferSelect;
