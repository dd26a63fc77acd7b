import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { CANCELLATION_HOURS_MAX, SESSION_CAPACITY_MAX } from '../../../common/sessions/schemas';
import { createdAt, userRef } from './columns';
import { subscriptions } from './program';
import { seriesBookings } from './series-bookings';
import { sessionSeries } from './session-series';

/**
 * A session: a bookable slot a facilitator offers, with `capacity` places. Its bookings are rows
 * of `session_bookings`; a place is taken under a lock of the session row (sessions/seats.ts), so
 * a session can never hold more bookings than places, whatever runs at the same time.
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
    /** how many members may book it: 1 (one to one) to SESSION_CAPACITY_MAX */
    capacity: integer('capacity').notNull().default(1),
    /** a member who cancels at least this many hours before the start is refunded */
    cancellationHours: integer('cancellation_hours').notNull().default(24),
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
    // one row per occurrence of a series; a series' occurrences in order
    uniqueIndex('sessions_series_occurrence_idx').on(t.seriesId, t.originalStart),
    check('sessions_end_after_start', sql`${t.endTime} > ${t.startTime}`),
    check('sessions_capacity_range', sql`${t.capacity} between 1 and ${sql.raw(String(SESSION_CAPACITY_MAX))}`),
    check(
      'sessions_cancellation_hours_range',
      sql`${t.cancellationHours} between 0 and ${sql.raw(String(CANCELLATION_HOURS_MAX))}`,
    ),
  ],
);
export type Session = typeof sessions.$inferSelect;

/**
 * One member's place in a session. `held` while their paid checkout is open (until
 * `held_until`), `booked` once free-booked or paid, `cancelled` when they cancel, are removed or
 * the hold is released. A member has at most one live (held or booked) row per session.
 */
export const sessionBookings = pgTable(
  'session_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    memberId: userRef('member_id'),
    status: text('status', { enum: ['held', 'booked', 'cancelled'] }).notNull(),
    /** places this booking takes (always 1 today) */
    seats: integer('seats').notNull().default(1),
    /** the provider payment that booked it, refunded when the booking is cancelled with a refund */
    paymentId: text('payment_id'),
    /** a held place counts against the capacity until then */
    heldUntil: timestamp('held_until', { withTimezone: true }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** the cancellation refunded the payment (set in the same update that cancels, so once) */
    refunded: boolean('refunded').notNull().default(false),
    /** the facilitator's mark after the start: true attended, false no-show, null not marked (a join marks true) */
    attended: boolean('attended'),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    /** the member's first click on the join link around the session's time (sessions/attendance.ts) */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /** when the "How was it?" prompt went out: set by one conditional update, so once per booking */
    feedbackPromptedAt: timestamp('feedback_prompted_at', { withTimezone: true }),
    /** the member's rating of the session, 1 to 5, with an optional comment; given once */
    rating: integer('rating'),
    ratingComment: text('rating_comment'),
    ratedAt: timestamp('rated_at', { withTimezone: true }),
    /**
     * A place booked with a session credit: the subscription whose credit it spent and the start of
     * the billing period it counts in (sessions/credits.ts counts these rows under the
     * subscription's lock). `credit_returned`: cancelled before the window, the credit is back.
     */
    creditSubscriptionId: uuid('credit_subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    creditPeriodStart: timestamp('credit_period_start', { withTimezone: true }),
    creditReturned: boolean('credit_returned').notNull().default(false),
    /** a place taken as part of a booking of the whole series (series-bookings.ts) */
    seriesBookingId: uuid('series_booking_id').references(() => seriesBookings.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    // the credits a subscription spent in a period
    index('session_bookings_credit_idx')
      .on(t.creditSubscriptionId, t.creditPeriodStart)
      .where(sql`${t.creditSubscriptionId} is not null`),
    // one live booking per member and session; also the session's live bookings, by its first column
    uniqueIndex('session_bookings_one_live_idx')
      .on(t.sessionId, t.memberId)
      .where(sql`${t.status} in ('held', 'booked')`),
    // a member's booked sessions (upcoming list, calendar feed, account export)
    index('session_bookings_member_idx').on(t.memberId, t.sessionId).where(sql`${t.status} = 'booked'`),
    check('session_bookings_one_seat', sql`${t.seats} = 1`),
    check('session_bookings_rating_range', sql`${t.rating} between 1 and 5`),
  ],
);
export type SessionBooking = typeof sessionBookings.$inferSelect;

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
    /** hidden pending review or by an admin: shown only to its sender and admins */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
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
