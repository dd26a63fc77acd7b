import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import {
  type Session,
  type SessionBooking,
  type SessionWaitlistEntry,
  sessionBookings,
  sessions,
  sessionWaitlist,
  type User,
  users,
} from '../../db/schema';
import type { AppContext, CommandContext } from '../../platform/context';
import { inTransaction } from '../../platform/context';
import { badRequest, conflict, notFound } from '../../platform/errors';
import { authorize, hidden } from '../../platform/authorize';
import type { JobRunner } from '../../platform/jobs';
import { notify } from '../notifications/service';
import { announce } from './announce';
import { notifyInTheirZones } from './zone-notices';
import { mailWaitlistOffer } from './waitlist-mails';
import { waitlistNotices } from './waitlist-notices';
import { canJoinWaitlist } from './policy';
import { sessionCalendarPath } from '@common/sessions/links';

export const WAITLIST_OFFER_JOB = 'session-waitlist-offer';
const HOUR = 3_600_000;
/** An offered place of a paid session is held this long… */
export const OFFER_HOURS = 2;
/** …but no later than this long before the start (when that is still ahead). */
export const OFFER_CLOSES_BEFORE_START_HOURS = 1;

/**
 * What an offer's lapse job remembers: the entry it is for, and the end of the offer it lapses
 * (an offer made again at a new price has a later end and a job of its own).
 */
export type OfferJob = { entryId: string; until?: string };
/** The job's key names the offer, so each offer lapses once however often it is queued. */
export const offerKey = (entryId: string) => `waitlist-offer:${entryId}`;

/** When a place offered now must be paid by: in two hours, or an hour before the start if sooner (the start itself when that hour has begun). */
export function offerEnds(session: Pick<Session, 'startTime'>, now: Date) {
  const start = session.startTime.getTime();
  const beforeStart = start - OFFER_CLOSES_BEFORE_START_HOURS * HOUR;
  const limit = beforeStart > now.getTime() ? beforeStart : start;
  return new Date(Math.min(now.getTime() + OFFER_HOURS * HOUR, limit));
}

/**
 * A member moved up the line, told after the transaction that moved them commits ('reoffered':
 * their offered place is offered again, at a new price).
 */
export type Promotion = {
  kind: 'booked' | 'offered' | 'reoffered';
  session: Session;
  entry: SessionWaitlistEntry;
  booking: SessionBooking;
};

const liveLine = (sessionId: string) =>
  and(eq(sessionWaitlist.sessionId, sessionId), sql`${sessionWaitlist.status} in ('waiting', 'offered')`);

/**
 * Gives the session's free places to the first in line, inside the caller's transaction: the
 * session row is locked (as seats.ts takePlace locks it) before its places are counted, so of
 * any number of simultaneous cancellations on any instance each freed place goes to exactly one
 * member, in join order, and the bookings never pass the capacity. A free session books them;
 * a paid one holds the place for them (an offer) until offerEnds. Nobody moves up once the
 * session has started. Answers who moved, for `tellPromoted` once committed.
 */
export async function promoteFromWaitlist(db: Executor, sessionId: string, now = new Date()): Promise<Promotion[]> {
  const [session] = await db.select().from(sessions).where(eq(sessions.id, sessionId)).for('update');
  if (!session || session.startTime.getTime() <= now.getTime()) return [];
  const [counts] = await db
    .select({
      taken: sql<number>`coalesce(sum(${sessionBookings.seats}) filter (where ${sessionBookings.status} = 'booked'
        or (${sessionBookings.status} = 'held' and ${sessionBookings.heldUntil} > ${now})), 0)::int`,
    })
    .from(sessionBookings)
    .where(eq(sessionBookings.sessionId, session.id));
  let free = session.capacity - Number(counts?.taken ?? 0);
  const promoted: Promotion[] = [];
  while (free > 0) {
    const [next] = await db
      .select()
      .from(sessionWaitlist)
      .where(and(eq(sessionWaitlist.sessionId, session.id), eq(sessionWaitlist.status, 'waiting')))
      .orderBy(asc(sessionWaitlist.joinedAt), asc(sessionWaitlist.id))
      .limit(1);
    if (!next) break;
    const [mine] = await db
      .select()
      .from(sessionBookings)
      .where(
        and(
          eq(sessionBookings.sessionId, session.id),
          eq(sessionBookings.memberId, next.memberId),
          sql`${sessionBookings.status} in ('held', 'booked')`,
        ),
      )
      .limit(1);
    const paid = session.priceCents > 0;
    if (mine?.status === 'booked' || (mine?.heldUntil && mine.heldUntil > now)) {
      // they took a place themselves meanwhile: their turn is over, and it counts already
      await db.update(sessionWaitlist).set({ status: 'promoted', endedAt: now }).where(eq(sessionWaitlist.id, next.id));
      continue;
    }
    const until = offerEnds(session, now);
    const values = paid
      ? { status: 'held' as const, heldUntil: until }
      : { status: 'booked' as const, bookedAt: now, heldUntil: null };
    const [booking] = mine
      ? await db.update(sessionBookings).set(values).where(eq(sessionBookings.id, mine.id)).returning()
      : await db
          .insert(sessionBookings)
          .values({ sessionId: session.id, memberId: next.memberId, ...values })
          .returning();
    const [entry] = await db
      .update(sessionWaitlist)
      .set(paid ? { status: 'offered', offerUntil: until } : { status: 'promoted', endedAt: now })
      .where(and(eq(sessionWaitlist.id, next.id), eq(sessionWaitlist.status, 'waiting')))
      .returning();
    promoted.push({ kind: paid ? 'offered' : 'booked', session, entry: entry!, booking: booking! });
    free -= 1;
  }
  return promoted;
}

/**
 * A new price, inside the session's update transaction (after its row is locked): no hold may
 * still be paid at the old price. Every held place is given back (checkouts at the old price are
 * expired at the provider once this commits, service.ts voidHolds); a member offered a place from
 * the waitlist is offered it again at the new price, with a new hold and a new deadline from now
 * (offerEnds), so the place stays theirs; an offer whose time was up lapses. The places given
 * back go to the line at the new price. Answers the re-offers and promotions, for `tellPromoted`.
 */
export async function repriceOffers(db: Executor, session: Session, now = new Date()): Promise<Promotion[]> {
  await db
    .update(sessionBookings)
    .set({ status: 'cancelled', cancelledAt: now, heldUntil: null })
    .where(and(eq(sessionBookings.sessionId, session.id), eq(sessionBookings.status, 'held')));
  const offered = await db
    .select()
    .from(sessionWaitlist)
    .where(and(eq(sessionWaitlist.sessionId, session.id), eq(sessionWaitlist.status, 'offered')))
    .orderBy(asc(sessionWaitlist.joinedAt), asc(sessionWaitlist.id));
  const again: Promotion[] = [];
  for (const entry of offered) {
    const open =
      entry.offerUntil !== null && entry.offerUntil > now && session.startTime > now && session.priceCents > 0;
    if (!open) {
      await db.update(sessionWaitlist).set({ status: 'lapsed', endedAt: now }).where(eq(sessionWaitlist.id, entry.id));
      continue;
    }
    const until = offerEnds(session, now);
    const [booking] = await db
      .insert(sessionBookings)
      .values({ sessionId: session.id, memberId: entry.memberId, status: 'held', heldUntil: until })
      .returning();
    const [renewed] = await db
      .update(sessionWaitlist)
      .set({ offerUntil: until })
      .where(eq(sessionWaitlist.id, entry.id))
      .returning();
    again.push({ kind: 'reoffered', session, entry: renewed!, booking: booking! });
  }
  return [...again, ...(await promoteFromWaitlist(db, session.id, now))];
}

/**
 * Tells the members who moved up, once their move has committed: a booked member gets the
 * notice and the booking's mail with its invitation (announce), an offered one a notice and the
 * offer's own mail (waitlist-mails.tsx) with a link to pay, and their offer's lapse job is queued.
 */
export async function tellPromoted(ctx: AppContext, promotions: Promotion[]) {
  for (const p of promotions) {
    try {
      const [member] = await ctx.db
        .select({ timeZone: users.timeZone })
        .from(users)
        .where(eq(users.id, p.entry.memberId));
      const zone = member?.timeZone ?? 'UTC';
      if (p.kind === 'booked') {
        await notify(ctx.db, {
          userId: p.entry.memberId,
          type: 'session',
          message: waitlistNotices.promoted(p.session, zone),
          link: sessionCalendarPath(p.session),
          mail: false,
        });
        await announce(ctx, { what: 'booking', session: p.session, booking: p.booking });
      } else {
        const until = p.entry.offerUntil!;
        await notify(ctx.db, {
          userId: p.entry.memberId,
          type: 'session',
          message:
            p.kind === 'reoffered'
              ? waitlistNotices.reoffered(p.session, until, zone)
              : waitlistNotices.offered(p.session, until, zone),
          link: sessionCalendarPath(p.session),
          // the offer's own mail says by when to book, in their zone (waitlist-mails.tsx)
          mail: false,
        });
        await mailWaitlistOffer(ctx, {
          session: p.session,
          memberId: p.entry.memberId,
          entryId: p.entry.id,
          until,
          again: p.kind === 'reoffered',
        });
        // an offer made again has its own job: the first offer's job finds a later end and stops
        const key = p.kind === 'reoffered' ? `${offerKey(p.entry.id)}:${until.toISOString()}` : offerKey(p.entry.id);
        await ctx.jobs.send(
          WAITLIST_OFFER_JOB,
          { entryId: p.entry.id, until: until.toISOString() } satisfies OfferJob,
          { key, startAfter: until },
        );
      }
    } catch (err) {
      ctx.log.error({ err, entryId: p.entry.id }, 'waitlist promotion not announced');
    }
  }
}

/**
 * An offer's time is up (the lapse job, at offerUntil): under the session's lock, an offer not
 * paid gives its held place back and the next in line is offered it. A checkout still running
 * past the offer keeps its hold until the checkout's own end; the job looks again then.
 */
export async function lapseOffer(ctx: CommandContext, job: OfferJob, now = new Date()) {
  const outcome = await inTransaction(ctx, async (tx) => {
    const [entry] = await tx.db.select().from(sessionWaitlist).where(eq(sessionWaitlist.id, job.entryId));
    if (entry?.status !== 'offered') return { kind: 'skipped' as const, skipped: 'not offered' };
    // the session row's lock first, as every change of its places takes it; then the entry again,
    // so a second run of the job waiting on the lock finds the offer already ended
    const [session] = await tx.db.select().from(sessions).where(eq(sessions.id, entry.sessionId)).for('update');
    if (!session) return { kind: 'skipped' as const, skipped: 'session deleted' };
    const [current] = await tx.db.select().from(sessionWaitlist).where(eq(sessionWaitlist.id, entry.id));
    if (current?.status !== 'offered') return { kind: 'skipped' as const, skipped: 'not offered' };
    // the offer was made again (a new price) with a later end: that offer's own job lapses it
    if (job.until && current.offerUntil && current.offerUntil.getTime() !== new Date(job.until).getTime())
      return { kind: 'skipped' as const, skipped: 'offered again' };
    const [hold] = await tx.db
      .select()
      .from(sessionBookings)
      .where(
        and(
          eq(sessionBookings.sessionId, session.id),
          eq(sessionBookings.memberId, entry.memberId),
          sql`${sessionBookings.status} in ('held', 'booked')`,
        ),
      )
      .limit(1);
    if (hold?.status === 'booked') {
      await tx.db
        .update(sessionWaitlist)
        .set({ status: 'promoted', endedAt: now })
        .where(eq(sessionWaitlist.id, entry.id));
      return { kind: 'skipped' as const, skipped: 'paid' };
    }
    if (hold?.heldUntil && hold.heldUntil > now && hold.heldUntil > (entry.offerUntil ?? now))
      return { kind: 'again' as const, at: hold.heldUntil };
    if (hold)
      await tx.db
        .update(sessionBookings)
        .set({ status: 'cancelled', cancelledAt: now, heldUntil: null })
        .where(and(eq(sessionBookings.id, hold.id), eq(sessionBookings.status, 'held')));
    await tx.db.update(sessionWaitlist).set({ status: 'lapsed', endedAt: now }).where(eq(sessionWaitlist.id, entry.id));
    return { kind: 'lapsed' as const, promoted: await promoteFromWaitlist(tx.db, session.id, now) };
  });
  if (outcome.kind === 'again') {
    const key = `${offerKey(job.entryId)}:${outcome.at.toISOString()}`;
    await ctx.jobs.send(WAITLIST_OFFER_JOB, job, { key, startAfter: outcome.at });
    return { rescheduled: outcome.at };
  }
  if (outcome.kind === 'lapsed') {
    await tellPromoted(ctx, outcome.promoted);
    return { lapsed: true, promoted: outcome.promoted.length };
  }
  return { skipped: outcome.skipped };
}

/** The lapse worker (registered from app.ts). */
export async function registerWaitlistOffers(jobs: JobRunner, ctx: () => CommandContext) {
  await jobs.work<OfferJob>(WAITLIST_OFFER_JOB, ({ data }) => lapseOffer(ctx(), data), { concurrency: 1 });
}

/** A member's live entry in a session's line, and their place in it (1 is next, 0 while a place is offered to them). */
export async function positionOf(db: Executor, sessionId: string, memberId: string) {
  const line = await db
    .select()
    .from(sessionWaitlist)
    .where(liveLine(sessionId))
    .orderBy(asc(sessionWaitlist.joinedAt), asc(sessionWaitlist.id));
  const entry = line.find((e) => e.memberId === memberId);
  if (!entry) return null;
  if (entry.status === 'offered') return { entry, position: 0 };
  const waiting = line.filter((e) => e.status === 'waiting');
  return { entry, position: waiting.indexOf(entry) + 1 };
}

/**
 * A member joins a full session's line (POST app/session/{id}/waitlist). A session with a place
 * to book answers 409 session_not_full (they should book it); one they booked, 409
 * session_already_booked; the line closes at the start. The live-entry unique index keeps one
 * entry per member, whatever runs at the same time (a second join answers their position).
 */
export async function joinWaitlist(ctx: CommandContext, options: { member: User; session: Session; now?: Date }) {
  const { member, session } = options;
  const now = options.now ?? new Date();
  authorize(canJoinWaitlist(member, session), () => badRequest('own_session'));
  if (session.startTime.getTime() <= now.getTime()) throw badRequest('session_started');
  return inTransaction(ctx, async (tx) => {
    const [locked] = await tx.db.select().from(sessions).where(eq(sessions.id, session.id)).for('update');
    if (!locked) throw notFound('session_not_found');
    const [counts] = await tx.db
      .select({
        taken: sql<number>`coalesce(sum(${sessionBookings.seats}) filter (where ${sessionBookings.status} = 'booked'
          or (${sessionBookings.status} = 'held' and ${sessionBookings.heldUntil} > ${now})), 0)::int`,
        mine: sql<number>`count(*) filter (where ${sessionBookings.memberId} = ${member.id}
          and (${sessionBookings.status} = 'booked' or (${sessionBookings.status} = 'held' and ${sessionBookings.heldUntil} > ${now})))::int`,
      })
      .from(sessionBookings)
      .where(eq(sessionBookings.sessionId, locked.id));
    if (Number(counts?.mine ?? 0) > 0) throw conflict('session_already_booked');
    const existing = await positionOf(tx.db, locked.id, member.id);
    if (existing) return existing;
    if (Number(counts?.taken ?? 0) < locked.capacity) throw conflict('session_not_full');
    await tx.db
      .insert(sessionWaitlist)
      .values({ sessionId: locked.id, memberId: member.id, status: 'waiting', joinedAt: now })
      .onConflictDoNothing();
    return (await positionOf(tx.db, locked.id, member.id))!;
  });
}

/**
 * A member leaves the line (DELETE app/session/{id}/waitlist). Leaving with a place offered
 * gives the held place back, and the next in line is offered it in the same transaction.
 */
export async function leaveWaitlist(ctx: CommandContext, options: { member: User; session: Session; now?: Date }) {
  const { member, session } = options;
  const now = options.now ?? new Date();
  const promoted = await inTransaction(ctx, async (tx) => {
    const [locked] = await tx.db.select().from(sessions).where(eq(sessions.id, session.id)).for('update');
    if (!locked) throw notFound('session_not_found');
    const [left] = await tx.db
      .update(sessionWaitlist)
      .set({ status: 'left', endedAt: now })
      .where(and(liveLine(locked.id), eq(sessionWaitlist.memberId, member.id)))
      .returning();
    authorize(left !== undefined, hidden('waitlist_entry_not_found'));
    if (left.status === 'left' && left.offerUntil) {
      await tx.db
        .update(sessionBookings)
        .set({ status: 'cancelled', cancelledAt: now, heldUntil: null })
        .where(
          and(
            eq(sessionBookings.sessionId, locked.id),
            eq(sessionBookings.memberId, member.id),
            eq(sessionBookings.status, 'held'),
          ),
        );
      return promoteFromWaitlist(tx.db, locked.id, now);
    }
    return [];
  });
  await tellPromoted(ctx, promoted);
}

/**
 * Closes a session's line as the session is cancelled, inside the deleting transaction after its
 * row is locked: every live entry becomes 'closed' (an offered place's hold goes with the
 * session). Answers the members who were in line, in order, for `tellClosed` once committed.
 */
export async function closeWaitlist(db: Executor, sessionId: string, now = new Date()) {
  const closed = await db
    .update(sessionWaitlist)
    .set({ status: 'closed', endedAt: now })
    .where(liveLine(sessionId))
    .returning();
  return closed
    .sort((a, b) => a.joinedAt.getTime() - b.joinedAt.getTime() || a.id.localeCompare(b.id))
    .map((e) => e.memberId);
}

/** Tells the members whose line closed with a cancelled session: a notice, mailed and pushed by their settings. */
export async function tellClosed(ctx: AppContext, session: Session, memberIds: string[]) {
  await notifyInTheirZones(
    ctx.db,
    memberIds,
    (userId) => userId,
    (_, zone) => ({ message: waitlistNotices.closed(session, zone), link: `/profile/${session.facilitatorId}` }),
  );
}

/** The member has a place offered from the waitlist whose time is not up. */
export async function hasOpenOffer(db: Executor, sessionId: string, memberId: string, now = new Date()) {
  const [row] = await db
    .select({ id: sessionWaitlist.id })
    .from(sessionWaitlist)
    .where(
      and(
        eq(sessionWaitlist.sessionId, sessionId),
        eq(sessionWaitlist.memberId, memberId),
        eq(sessionWaitlist.status, 'offered'),
        sql`${sessionWaitlist.offerUntil} > ${now}`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A member who paid for a place offered to them (or booked one on their own) leaves the line promoted. */
export async function endOffer(db: Executor, sessionId: string, memberId: string) {
  await db
    .update(sessionWaitlist)
    .set({ status: 'promoted', endedAt: sql`now()` })
    .where(and(liveLine(sessionId), eq(sessionWaitlist.memberId, memberId)));
}
