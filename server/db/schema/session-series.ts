import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { createdAt, userRef } from './columns';

/**
 * A repeating series of sessions: an RRULE (RFC 5545) expanded from `local_start` in `time_zone`,
 * so its sessions keep their local hour across changes of daylight saving time, and the template
 * each occurrence starts from. Its occurrences are ordinary `sessions` rows (`series_id`),
 * materialised up to `materialised_through`: a date of the rule up to that day without a row was
 * cancelled (an EXDATE), and is never made again, since the horizon only moves forward.
 */
export const sessionSeries = pgTable(
  'session_series',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    facilitatorId: userRef('facilitator_id'),
    /** the RRULE value without DTSTART, its UNTIL a floating local time like the start */
    rrule: text('rrule').notNull(),
    /** the IANA zone the rule is expanded in (the facilitator's when it was made) */
    timeZone: text('time_zone').notNull(),
    /** the first occurrence's wall clock, 'YYYY-MM-DDTHH:mm' in `time_zone` */
    localStart: text('local_start').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull().default(0),
    meetingUrl: text('meeting_url').notNull(),
    /** how many members each occurrence seats, when sessions have seats (null: one) */
    capacity: integer('capacity'),
    /** the local date of the rule's last occurrence */
    lastDate: date('last_date', { mode: 'string' }).notNull(),
    /** the last local date whose occurrence has been made (or cancelled); never after `last_date` */
    materialisedThrough: date('materialised_through', { mode: 'string' }).notNull(),
    /** members may book every remaining occurrence at once (series-booking.ts) */
    wholeSeriesBooking: boolean('whole_series_booking').notNull().default(false),
    /**
     * A paid series booked whole: 'per_occurrence' (each occurrence paid on its own; a series
     * booking takes only free ones) or 'whole_series' (one payment for every remaining occurrence)
     */
    seriesPayment: text('series_payment', { enum: ['per_occurrence', 'whole_series'] })
      .notNull()
      .default('per_occurrence'),
    /** the whole series' price for 'whole_series' (null: the sum of the remaining occurrences' prices) */
    seriesPriceCents: integer('series_price_cents'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // a facilitator's series; the horizon job reads those not materialised far enough
    index('session_series_facilitator_idx').on(t.facilitatorId),
    index('session_series_materialised_idx').on(t.materialisedThrough, t.lastDate),
    check('session_series_duration_positive', sql`${t.durationMinutes} > 0`),
  ],
);
export type SessionSeries = typeof sessionSeries.$inferSelect;
