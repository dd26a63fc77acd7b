import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
    /**
     * Its Web Push (server/features/push/notification-pushes.ts): null, none; 'pending', to send;
     * 'sending', taken by a dispatcher; 'retrying', every device failed for now and a retry job
     * holds it; 'delivered', a push service accepted it for at least one device; 'failed', none did.
     * The 'Immediately' mail waits while it is pending, sending or retrying (at most 15 minutes).
     */
    pushState: text('push_state'),
    /** when the first push service accepted its push (the mail then gives way, mails.tsx) */
    pushDeliveredAt: timestamp('push_delivered_at', { withTimezone: true }),
  },
  // a user's newest notifications first
  (t) => [
    index('notifications_user_created_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_mail_pending_idx').on(t.createdAt).where(sql`${t.mailPending}`),
    index('notifications_push_pending_idx').on(t.createdAt).where(sql`${t.pushState} = 'pending'`),
    check('notifications_push_state', sql`${t.pushState} in ('pending', 'sending', 'retrying', 'delivered', 'failed')`),
  ],
);

export type Notification = typeof notifications.$inferSelect;
