import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { userRef } from './columns';

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    /** common/notifications/types.ts: which Email notifications setting applies */
    type: text('type').notNull().default('other'),
    message: text('message').notNull(),
    link: text('link').notNull(),
    viewed: boolean('viewed').notNull().default(false),
    // millisecond precision, so the keyset cursor sent as an ISO string matches rows exactly
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** an 'Immediately' mail is still to be queued for it (the outbox of notification mails) */
    mailPending: boolean('mail_pending').notNull().default(false),
  },
  // a user's newest notifications first
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_mail_pending_idx').on(t.createdAt).where(sql`${t.mailPending}`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
