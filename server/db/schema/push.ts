import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, primaryKey, text, time, timestamp, uuid } from 'drizzle-orm/pg-core';
import { authSessions } from './auth';
import { createdAt, userRef } from './columns';

/**
 * A device that receives Web Push: the browser's subscription (its push service endpoint and the
 * keys the message is encrypted to), one row per endpoint. It belongs to the sign-in session it
 * was made in, so ending that session (sign-out, 'Sign out' in Settings, a password change, the
 * session expiring and being cleaned up) deletes it: a shared phone stops getting the previous
 * member's messages.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: userRef(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => authSessions.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** the browser's P-256 public key and auth secret, base64url, as PushSubscription.toJSON() gives them */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** 'Chrome on Android', from the User-Agent of the request that subscribed */
    label: text('label').notNull(),
    createdAt: createdAt(),
    /** the last push its push service accepted (null: none yet) */
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId), index('push_subscriptions_session_idx').on(t.sessionId)],
);

/**
 * The kinds of push a member wants (common/push/kinds.ts), one row made when they first turn push
 * on; no row: they never did. `reminded_on` is the claim of the daily reminder: the member's
 * local date it last went out, set by a conditional update before it is sent, so two instances
 * or a re-run never remind twice on one day.
 */
export const pushPreferences = pgTable('push_preferences', {
  userId: userRef().primaryKey(),
  dailyReminder: boolean('daily_reminder').notNull(),
  /** the local time of the daily reminder, in users.time_zone */
  reminderTime: time('reminder_time').notNull(),
  messages: boolean('messages').notNull(),
  sessions: boolean('sessions').notNull(),
  replies: boolean('replies').notNull(),
  announcements: boolean('announcements').notNull(),
  /** 'YYYY-MM-DD' in the member's zone: the day the daily reminder was last claimed */
  remindedOn: text('reminded_on'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each push a push service accepted, by the event's key and the device: a retry of a send
 * (the job runner's, or a job run again after a kill) skips the devices already reached. Kept 7 days.
 */
export const pushDeliveries = pgTable(
  'push_deliveries',
  {
    key: text('key').notNull(),
    subscriptionId: uuid('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.key, t.subscriptionId] }),
    index('push_deliveries_delivered_idx').on(t.deliveredAt),
    index('push_deliveries_subscription_idx').on(t.subscriptionId),
    check('push_deliveries_key', sql`length(${t.key}) > 0`),
  ],
);
