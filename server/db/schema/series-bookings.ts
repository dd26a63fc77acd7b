import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';
import { sessionSeries } from './session-series';

/**
 * A member's booking of a whole series: it ties their places (`session_bookings.series_booking_id`)
 * in every remaining occurrence together, so occurrences added to the series later give them a
 * place too and cancelling it ends every remaining place at once. `held` while its one checkout
 * is open (until `held_until`), `booked` once free-booked or paid, `cancelled`. The one payment
 * of a whole-series checkout is on this row, never on the places (a place cancelled on its own
 * refunds nothing of it). At most one live (held or booked) row per member and series.
 */
export const seriesBookings = pgTable(
  'series_bookings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null once the series itself is gone (its places and payment stay on record) */
    seriesId: uuid('series_id').references(() => sessionSeries.id, { onDelete: 'set null' }),
    memberId: userRef('member_id'),
    status: text('status', { enum: ['held', 'booked', 'cancelled'] }).notNull(),
    /** what was paid for every place at once (0: free) */
    amountCents: integer('amount_cents').notNull().default(0),
    /** how many places the payment paid for: a refund is that share of the amount per place */
    paidPlaces: integer('paid_places').notNull().default(0),
    /** the provider payment, set by the one conditional update that books a held row */
    paymentId: text('payment_id'),
    /** the open checkout, handed out again while it is payable */
    checkoutId: text('checkout_id'),
    checkoutUrl: text('checkout_url'),
    heldUntil: timestamp('held_until', { withTimezone: true }),
    bookedAt: timestamp('booked_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** what the cancellation refunded, set in the same update that cancels (so once) */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('series_bookings_one_live_idx')
      .on(t.seriesId, t.memberId)
      .where(sql`${t.status} in ('held', 'booked')`),
    // a member's series bookings (account export, their session answers)
    index('series_bookings_member_idx').on(t.memberId),
    check('series_bookings_amount_positive', sql`${t.amountCents} >= 0 and ${t.refundedCents} >= 0`),
  ],
);
export type SeriesBooking = typeof seriesBookings.$inferSelect;
