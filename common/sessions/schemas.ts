import { z } from 'zod';
import { SessionRecordingLink } from './recording/schemas';
import { SESSION_MESSAGES } from './messages';
export { SESSION_MESSAGES } from './messages';

// A bookable session: its form, how it travels and the calendar calls; a session lasts an hour
// unless its end is moved.
export const SESSION_DEFAULT_MINUTES = 60;
export const SESSION_MAX_PRICE = 10_000;
/** The longest window one calendar call may ask for (a week view asks for 7 days). */
export const SESSION_WINDOW_MAX_DAYS = 42;
/** A session's places: 1 is one to one, up to 200 a group. */
export const SESSION_CAPACITY_MAX = 200;
/** A member cancelling at least this many hours before the start is refunded, unless the facilitator sets otherwise. */
export const DEFAULT_CANCELLATION_HOURS = 24;
/** The longest cancellation window, in hours (30 days). */
export const CANCELLATION_HOURS_MAX = 720;

/** Places: whole, 1 to SESSION_CAPACITY_MAX. */
export const Capacity = z.coerce
  .number()
  .int('Capacity is a whole number')
  .min(1, 'A session has at least 1 place')
  .max(SESSION_CAPACITY_MAX, `At most ${SESSION_CAPACITY_MAX} places`);
/** Hours before the start until which a member's cancellation is refunded. */
export const CancellationHours = z.coerce
  .number()
  .int('Whole hours')
  .min(0, 'Cannot be negative')
  .max(CANCELLATION_HOURS_MAX, `At most ${CANCELLATION_HOURS_MAX} hours`);

/** http(s) only: a meeting link is opened by members, so no javascript: or data: URLs. */
const MeetingUrl = z
  .string()
  .trim()
  .min(1, 'Meeting link is required')
  .max(500)
  .url('Enter a full link, like https://meet.example.com/abc')
  .refine((u) => /^https?:\/\//i.test(u), 'The link must start with http:// or https://');

export const SaveSessionRequest = z
  .object({
    /** present when editing (id in path and payload) */
    _id: z.string().uuid().optional(),
    name: z.string().trim().min(1, 'Name is required').max(120),
    description: z.string().trim().max(2000).default(''),
    /** dollars; 0 = free */
    price: z.coerce.number().min(0, 'Price cannot be negative').max(SESSION_MAX_PRICE),
    startTime: z.iso.datetime({ offset: true, message: 'Start time is required' }),
    endTime: z.iso.datetime({ offset: true, message: 'End time is required' }),
    meetingUrl: MeetingUrl,
    /** places; 1 (one to one) when left out of a new session, unchanged when left out of an edit */
    capacity: Capacity.optional(),
    /**
     * the cancellation window; a new session without one takes the facilitator's latest
     * session's (DEFAULT_CANCELLATION_HOURS for the first), an edit without one keeps its own
     */
    cancellationHours: CancellationHours.optional(),
  })
  .refine((s) => new Date(s.endTime).getTime() > new Date(s.startTime).getTime(), {
    message: SESSION_MESSAGES.endAfterStart,
    path: ['endTime'],
  });
export type SaveSessionRequest = z.infer<typeof SaveSessionRequest>;

export const SessionPerson = z.object({ _id: z.string(), name: z.string(), profilePicture: z.string().nullable() });

/** A member's place on a session's waitlist. */
export const WaitlistPlace = z.object({ position: z.number().int(), offeredUntil: z.string().nullable() });
export type WaitlistPlace = z.infer<typeof WaitlistPlace>;
/** The answer of joining a session's waitlist. */
export const JoinWaitlistAnswer = z.object({ waitlist: WaitlistPlace });
/** The answer of leaving it. */
export const LeaveWaitlistAnswer = z.object({ left: z.literal(true) });

/** Session. `meetingUrl` is null for everyone but the owner and the booker. */
export const SessionAnswer = z.object({
  _id: z.string(),
  name: z.string(),
  description: z.string(),
  /** dollars */
  price: z.number(),
  startTime: z.string(),
  endTime: z.string(),
  meetingUrl: z.string().nullable(),
  isBooked: z.boolean(),
  bookedByMe: z.boolean(),
  isOwner: z.boolean(),
  facilitator: SessionPerson,
  /** the booker of a one-place session, shown to the owner only (a group session's are in `bookers`) */
  bookedBy: SessionPerson.nullable(),
  /** places in all */
  capacity: z.number().int(),
  /** places nobody has booked or is paying for */
  placesLeft: z.number().int(),
  /** the viewer's own place: 'held' while their checkout is open, 'booked', or null */
  myBooking: z.enum(['held', 'booked']).nullable(),
  /** a member who cancels at least this many hours before the start is refunded */
  cancellationHours: z.number().int(),
  /** the booked members, in booking order: the owner's answers only */
  bookers: z.array(SessionPerson).optional(),
  /** the repeating series it is an occurrence of (GET app/facilitator/session-series/{id}) */
  seriesId: z.string().optional(),
  /** how that series repeats: 'Weekly on Mon, Wed, until 03/30/2027' (with seriesId) */
  recurrence: z.string().optional(),
  /**
   * the viewer's place on the session's waitlist: `position` 1 is next; a paid session's place
   * offered to them is `offeredUntil` (position 0) until they pay. Null when not in line.
   */
  waitlist: WaitlistPlace.nullable().optional(),
  /** how many members wait for a place (the owner's answers only) */
  waitlistLength: z.number().int().optional(),
  /** the waiting members, in line order, with the offer of the first if any (the owner's answers only) */
  waiting: z.array(SessionPerson.extend({ offeredUntil: z.string().nullable() })).optional(),
  /**
   * session credits the viewer has left for this paid session (POST app/session/{id}/book-with-credit):
   * present only for a subscriber whose tier includes credits for it
   */
  creditsLeft: z.number().int().optional(),
  /** their tier's credits per billing period, and the period ('month', 'week', 'year') */
  creditsPerPeriod: z.number().int().optional(),
  creditPeriod: z.enum(['week', 'month', 'year']).optional(),
  /** the session's recording to watch (the owner's and its booked members' answers, once attached) */
  recording: SessionRecordingLink.optional(),
});
export type SessionAnswer = z.infer<typeof SessionAnswer>;

/** The sessions a list answers at most at once; the `next-cursor` header asks for the following ones. */
export const SESSIONS_PAGE = 200;
/** A page of a session list: `cursor` is the `next-cursor` header of the page before. */
export const SessionPageQuery = z.object({
  cursor: z.string().max(300).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(SESSIONS_PAGE),
});
export const SessionListAnswer = z.array(SessionAnswer);
/** GET app/user/bookings: my upcoming bookings with their meeting links (app/user-sessions: the bare list). */
export const BookingsAnswer = z.object({ bookings: SessionListAnswer });
export const DeletedSessionAnswer = z.object({ deleted: z.literal(true) });

/** A calendar call without `from` answers the coming weeks: from now, this many days. */
export const SESSION_WINDOW_DEFAULT_DAYS = 28;

/**
 * GET app/facilitator/{id|own}/sessions?from&to: sessions starting in [from, to), soonest first,
 * paged. `from` defaults to now and `to` to `from` plus SESSION_WINDOW_DEFAULT_DAYS.
 */
export const SessionWindowQuery = z
  .object({
    from: z.iso.datetime({ offset: true }).optional(),
    to: z.iso.datetime({ offset: true }).optional(),
    ...SessionPageQuery.shape,
  })
  .transform((q) => {
    const from = q.from ?? new Date().toISOString();
    const to = q.to ?? new Date(new Date(from).getTime() + SESSION_WINDOW_DEFAULT_DAYS * 86_400_000).toISOString();
    return { ...q, from, to };
  })
  .refine((q) => new Date(q.to) > new Date(q.from), { message: '`to` must be after `from`', path: ['to'] })
  .refine((q) => new Date(q.to).getTime() - new Date(q.from).getTime() <= SESSION_WINDOW_MAX_DAYS * 86_400_000, {
    message: `At most ${SESSION_WINDOW_MAX_DAYS} days at a time`,
    path: ['to'],
  });

export const BookSessionRequest = z.object({ sessionId: z.string().uuid('Invalid session id') });
/** POST app/book-free-session: the booked session, with its meeting link. */
export const BookingAnswer = z.object({ session: SessionAnswer, meetingUrl: z.string() });
export const CheckoutUrlAnswer = z.object({ url: z.string() });

/** POST app/session/{id}/cancel-booking: my place ends; refunded says whether my payment comes back. */
export const CancelBookingAnswer = z.object({ cancelled: z.literal(true), refunded: z.boolean() });
/** POST app/facilitator/sessions/{id}/remove-booking: the member whose place ends (always refunded if they paid). */
export const RemoveBookingRequest = z.object({ memberId: z.string().uuid('Invalid member id') });
export const RemoveBookingAnswer = z.object({ removed: z.literal(true), refunded: z.boolean() });
/** GET app/facilitator/session-defaults: what a new session's form starts from. */
export const SessionDefaultsAnswer = z.object({ capacity: z.number().int(), cancellationHours: z.number().int() });

/** GET app/user/session-credits: each active subscription whose tier includes session credits. */
export const SessionCreditsAnswer = z.array(
  z.object({
    subscriptionId: z.string(),
    tierId: z.string(),
    tierName: z.string(),
    facilitator: SessionPerson,
    perPeriod: z.number().int(),
    left: z.number().int(),
    period: z.enum(['week', 'month', 'year']),
    /** when the current period ends and the credits renew */
    renewsAt: z.string(),
    rollOver: z.boolean(),
  }),
);
export type SessionCreditsAnswer = z.infer<typeof SessionCreditsAnswer>;
