import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { sessionSeries } from './session-series';
import { users } from './users';

/**
 * A session: a bookable slot a facilitator offers. Booking is a column, not a table:
 * `booked_by` is set by one conditional UPDATE (where booked_by is null), so a session can never
 * be booked twice, whatever runs at the same time.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilitatorId: userRef('facilitator_id'),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    startTime: timestamp('start_time', { withTimezone: true }).notNull(),
    endTime: timestamp('end_time', { withTimezone: true }).notNull(),
    meetingUrl: text('meeting_url').notNull(),
    bookedBy: uuid('booked_by').references(() => users.id, { onDelete: 'set null' }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    /** the provider payment that booked it (refunded if the session is cancelled) */
    paymentId: text('payment_id'),
    /** a paid checkout in progress holds the session for a while, so two members don't both pay */
    heldBy: uuid('held_by').references(() => users.id, { onDelete: 'set null' }),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    /** the iCalendar SEQUENCE of its invitations: one more for every change of time */
    icsSequence: integer('ics_sequence').notNull().default(0),
    /** the series it is an occurrence of, and that occurrence's start in the rule (RECURRENCE-ID) */
    seriesId: uuid('series_id').references(() => sessionSeries.id, { onDelete: 'set null' }),
    originalStart: timestamp('original_start', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    // a facilitator's calendar week
    index('sessions_facilitator_start_idx').on(t.facilitatorId, t.startTime),
    // a member's upcoming bookings
    index('sessions_booked_by_idx').on(t.bookedBy, t.startTime),
    // one row per occurrence of a series; a series' occurrences in order
    uniqueIndex('sessions_series_occurrence_idx').on(t.seriesId, t.originalStart),
    check('sessions_end_after_start', sql`${t.endTime} > ${t.startTime}`),
  ],
);
export type Session = typeof sessions.$inferSelect;

/** A chat room: two people (a member and a facilitator). */
export const chatRooms = pgTable('chat_rooms', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** the two user ids in order, so one pair has one room (unique) */
  pairKey: text('pair_key').notNull().unique(),
  createdAt: createdAt(),
});

export const chatRoomUsers = pgTable(
  'chat_room_users',
  {
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: userRef(),
    /**
     * The newest message this person has seen in the room (set when they open it); later
     * messages from the other person are unread. Null: nothing read yet.
     */
    lastReadAt: timestamp('last_read_at', { withTimezone: true, precision: 3 }),
  },
  // user_idx serves the unread count: my rooms, then messages_room_created_idx after lastReadAt
  (t) => [index('chat_room_users_room_idx').on(t.roomId), index('chat_room_users_user_idx').on(t.userId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    roomId: uuid('room_id')
      .notNull()
      .references(() => chatRooms.id, { onDelete: 'cascade' }),
    userId: userRef(),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
    /** the sender's idempotency key: a retried send with the same key stores nothing new */
    clientKey: uuid('client_key'),
  },
  (t) => [
    index('messages_room_created_idx').on(t.roomId, t.createdAt),
    index('messages_user_idx').on(t.userId),
    uniqueIndex('messages_user_client_key_idx').on(t.userId, t.clientKey),
  ],
);

/**
 * Open live connections per server instance, so any instance can tell whether a user is online
 * anywhere: a direct message notifies only a recipient with no open connection.
 * Each instance refreshes `seen_at` while it runs; rows of a vanished instance go stale.
 */
export const livePresence = pgTable(
  'live_presence',
  {
    instanceId: text('instance_id').notNull(),
    userId: userRef(),
    connections: integer('connections').notNull().default(0),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.instanceId, t.userId] }), index('live_presence_user_idx').on(t.userId)],
);
