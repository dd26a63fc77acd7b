import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import {
  BookSessionRequest,
  BookingAnswer,
  BookingsAnswer,
  CancelBookingAnswer,
  CheckoutUrlAnswer,
  DeletedSessionAnswer,
  JoinWaitlistAnswer,
  LeaveWaitlistAnswer,
  RemoveBookingAnswer,
  RemoveBookingRequest,
  SaveSessionRequest,
  SessionDefaultsAnswer,
  SessionAnswer,
  SessionCreditsAnswer,
  SessionListAnswer,
  SessionPageQuery,
  SessionWindowQuery,
} from '../../../common/sessions/schemas';
import { authorize, hidden } from '../../platform/authorize';
import { badRequest, forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { bookWithCredit } from './book-with-credit';
import { cancelBooking, removeBooking } from './cancellation';
import { creditsLookup, sessionCreditsOf } from './credit-reads';
import { canManageSession, canOfferSession, canRemoveBooker, canViewCalendar } from './policy';
import { presentSession } from './presenter';
import { inWindow, upcomingBookingsOf } from './queries';
import { calendarOwnerById, defaultsFor, sessionById, sessionListPage, sessionRowById } from './reads';
import { joinWaitlist, leaveWaitlist } from './waitlist';
import { bookFreeSession, createSession, deleteSession, startSessionCheckout, updateSession } from './service';
import { NEXT_CURSOR_HEADER } from '../../../common/params';

const missing = hidden('session_not_found');
const ownerOnly = () => forbidden('session_owner_only');

/** Sessions, and a profile's calendar calls (…/sessions). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A session as the viewer sees it, read after a change. */
  const presentById = async (viewerId: string, id: string) => {
    const row = (await sessionRowById(ctx, id, viewerId))!;
    return presentSession(row, viewerId, (await creditsLookup(ctx, viewerId))(row.slot));
  };
  /** A page of sessions; the cursor of the next one goes in the `next-cursor` header. */
  const pageOf = async (
    reply: FastifyReply,
    viewerId: string,
    where: Parameters<typeof sessionListPage>[2],
    page: { cursor?: string; limit: number },
  ) => {
    const { items, next } = await sessionListPage(ctx, viewerId, where, page);
    if (next) reply.header(NEXT_CURSOR_HEADER, next);
    const creditsFor = await creditsLookup(ctx, viewerId);
    return items.map((row) => presentSession(row, viewerId, creditsFor(row.slot)));
  };

  app.get(
    '/app/facilitator/own/sessions',
    { schema: { querystring: SessionWindowQuery, response: { 200: SessionListAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      return pageOf(reply, user.id, inWindow(user.id, req.query), req.query);
    },
  );

  app.get(
    '/app/facilitator/:id/sessions',
    { schema: { params: IdParams, querystring: SessionWindowQuery, response: { 200: SessionListAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      const owner = await calendarOwnerById(ctx, req.params.id);
      authorize(canViewCalendar(user, owner), hidden('facilitator_not_found'));
      return pageOf(reply, user.id, inWindow(req.params.id, req.query), req.query);
    },
  );

  app.post(
    '/app/facilitator/sessions',
    { schema: { body: SaveSessionRequest, response: { 200: SessionAnswer } } },
    async (req) => {
      const user = requireUser(req);
      authorize(canOfferSession(user), () => forbidden('facilitators_only'));
      const id = await createSession(ctx, { facilitator: user, input: req.body });
      return presentById(user.id, id);
    },
  );

  app.post(
    '/app/facilitator/sessions/:id',
    { schema: { params: IdParams, body: SaveSessionRequest, response: { 200: SessionAnswer } } },
    async (req) => {
      const user = requireUser(req);
      if (req.body._id && req.body._id !== req.params.id) throw badRequest('session_id_mismatch');
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      authorize(canManageSession(user, session), ownerOnly);
      const id = await updateSession(ctx, { session, input: req.body });
      return presentById(user.id, id);
    },
  );

  app.get(
    '/app/delete-session/:id',
    { schema: { params: IdParams, response: { 200: DeletedSessionAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      authorize(canManageSession(user, session), ownerOnly);
      await deleteSession(ctx, { session });
      return { deleted: true as const };
    },
  );

  app.post(
    '/app/book-free-session',
    { config: { idempotent: true }, schema: { body: BookSessionRequest, response: { 200: BookingAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.body.sessionId);
      authorize(session !== undefined, missing);
      const booked = await bookFreeSession(ctx, { member: user, session });
      return { session: await presentById(user.id, booked.id), meetingUrl: booked.meetingUrl };
    },
  );

  app.post(
    '/app/session/create-checkout-session',
    { config: { idempotent: true }, schema: { body: BookSessionRequest, response: { 200: CheckoutUrlAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.body.sessionId);
      authorize(session !== undefined, missing);
      return startSessionCheckout(ctx, { member: user, session });
    },
  );

  /** GET app/user/bookings: my upcoming bookings with their meeting links, soonest first. */
  app.get(
    '/app/user/bookings',
    { schema: { querystring: SessionPageQuery, response: { 200: BookingsAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      return { bookings: await pageOf(reply, user.id, upcomingBookingsOf(user.id), req.query) };
    },
  );
  /** The same list, bare: the alias the web's upcoming-sessions panel reads. */
  app.get(
    '/app/user-sessions',
    { schema: { querystring: SessionPageQuery, response: { 200: SessionListAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      return pageOf(reply, user.id, upcomingBookingsOf(user.id), req.query);
    },
  );

  /** A single session (the detail dialog and links from notifications). */
  app.get('/app/session/:id', { schema: { params: IdParams, response: { 200: SessionAnswer } } }, async (req) => {
    const user = requireUser(req);
    const row = await sessionRowById(ctx, req.params.id, user.id);
    authorize(row !== undefined, missing);
    return presentSession(row, user.id, (await creditsLookup(ctx, user.id))(row.slot));
  });

  /** A subscriber books a paid session with one of their tier's session credits instead of paying. */
  app.post(
    '/app/session/:id/book-with-credit',
    { config: { idempotent: true }, schema: { params: IdParams, response: { 200: BookingAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      const booked = await bookWithCredit(ctx, { member: user, session });
      return { session: await presentById(user.id, booked.id), meetingUrl: booked.meetingUrl };
    },
  );

  /** The signed-in member's session credits: each active subscription whose tier includes some. */
  app.get('/app/user/session-credits', { schema: { response: { 200: SessionCreditsAnswer } } }, async (req) => {
    const user = requireUser(req);
    return sessionCreditsOf(ctx, user.id);
  });

  /** A member cancels their own place: refunded before the session's cancellation window, freed without a refund inside it. */
  app.post(
    '/app/session/:id/cancel-booking',
    { schema: { params: IdParams, response: { 200: CancelBookingAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      const ended = await cancelBooking(ctx, { member: user, session });
      return { cancelled: true as const, refunded: ended.refunded };
    },
  );

  /** The facilitator removes a member from their session; a paid place is always refunded. */
  app.post(
    '/app/facilitator/sessions/:id/remove-booking',
    { schema: { params: IdParams, body: RemoveBookingRequest, response: { 200: RemoveBookingAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      authorize(canRemoveBooker(user, session), ownerOnly);
      const ended = await removeBooking(ctx, { session, memberId: req.body.memberId });
      return { removed: true as const, refunded: ended.refunded };
    },
  );

  /** A member joins a full session's waitlist; a session with a place left answers 409 session_not_full. */
  app.post(
    '/app/session/:id/waitlist',
    { schema: { params: IdParams, response: { 200: JoinWaitlistAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      const place = await joinWaitlist(ctx, { member: user, session });
      return {
        waitlist: { position: place.position, offeredUntil: place.entry.offerUntil?.toISOString() ?? null },
      };
    },
  );

  /** A member leaves the waitlist (a place offered to them goes to the next in line). */
  const leave = async (req: { params: { id: string } } & Parameters<typeof requireUser>[0]) => {
    const user = requireUser(req);
    const session = await sessionById(ctx, req.params.id);
    authorize(session !== undefined, missing);
    await leaveWaitlist(ctx, { member: user, session });
    return { left: true as const };
  };
  app.delete(
    '/app/session/:id/waitlist',
    { schema: { params: IdParams, response: { 200: LeaveWaitlistAnswer } } },
    leave,
  );
  app.post(
    '/app/session/:id/leave-waitlist',
    { schema: { params: IdParams, response: { 200: LeaveWaitlistAnswer } } },
    leave,
  );

  /** What the new-session form starts from: one place and the facilitator's usual cancellation window. */
  app.get(
    '/app/facilitator/session-defaults',
    { schema: { response: { 200: SessionDefaultsAnswer } } },
    async (req) => {
      const user = requireUser(req);
      authorize(canOfferSession(user), () => forbidden('facilitators_only'));
      return defaultsFor(ctx, user.id);
    },
  );
};
