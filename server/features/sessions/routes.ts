import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, eq, gte, lt } from 'drizzle-orm';
import { IdParams } from '../../../common/params';
import { BookSessionRequest, SaveSessionRequest, SessionWindowQuery } from '../../../common/sessions/schemas';
import { sessions, users } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { selectSessions } from './queries';
import * as service from './service';

/** spec 02 §7 Sessions, and the calendar calls of §7 Profile (…/sessions). */
export const sessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const windowOf = (facilitatorId: string, q: { from: string; to: string }) =>
    and(
      eq(sessions.facilitatorId, facilitatorId),
      gte(sessions.startTime, new Date(q.from)),
      lt(sessions.startTime, new Date(q.to)),
    );

  app.get('/app/facilitator/own/sessions', { schema: { querystring: SessionWindowQuery } }, async (req) => {
    const user = requireUser(req);
    return selectSessions(ctx.db, user.id, windowOf(user.id, req.query));
  });

  app.get(
    '/app/facilitator/:id/sessions',
    { schema: { params: IdParams, querystring: SessionWindowQuery } },
    async (req) => {
      const user = requireUser(req);
      const [facilitator] = await ctx.db
        .select({ id: users.id, isFacilitator: users.isFacilitator })
        .from(users)
        .where(eq(users.id, req.params.id));
      if (!facilitator?.isFacilitator) throw notFound('Facilitator not found');
      return selectSessions(ctx.db, user.id, windowOf(facilitator.id, req.query));
    },
  );

  app.post('/app/facilitator/sessions', { schema: { body: SaveSessionRequest } }, async (req) => {
    const user = requireUser(req);
    return service.presentSession(ctx.db, user.id, await service.saveSession(ctx, user, req.body));
  });

  app.post('/app/facilitator/sessions/:id', { schema: { params: IdParams, body: SaveSessionRequest } }, async (req) => {
    const user = requireUser(req);
    if (req.body._id && req.body._id !== req.params.id) throw badRequest('The id in the path and the payload differ');
    const session = await service.findSession(ctx.db, req.params.id);
    if (!session) throw notFound('Session not found');
    return service.presentSession(ctx.db, user.id, await service.saveSession(ctx, user, req.body, session));
  });

  app.get('/app/delete-session/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const session = await service.findSession(ctx.db, req.params.id);
    if (!session) throw notFound('Session not found');
    await service.deleteSession(ctx, user, session);
    return { deleted: true };
  });

  app.post('/app/book-free-session', { schema: { body: BookSessionRequest } }, async (req) => {
    const user = requireUser(req);
    const session = await service.findSession(ctx.db, req.body.sessionId);
    if (!session) throw notFound('Session not found');
    const booked = await service.bookFreeSession(ctx, user, session);
    return { session: await service.presentSession(ctx.db, user.id, booked.id), meetingUrl: booked.meetingUrl };
  });

  app.post('/app/session/create-checkout-session', { schema: { body: BookSessionRequest } }, async (req) => {
    const user = requireUser(req);
    const session = await service.findSession(ctx.db, req.body.sessionId);
    if (!session) throw notFound('Session not found');
    return service.startSessionCheckout(ctx, user, session);
  });

  /** spec 02 §7 GET app/user/bookings: my upcoming bookings with their meeting links. */
  app.get('/app/user/bookings', async (req) => ({
    bookings: await service.upcomingBookings(ctx.db, requireUser(req)),
  }));
  /** The same list, bare: the alias the web's upcoming-sessions panel reads. */
  app.get('/app/user-sessions', async (req) => service.upcomingBookings(ctx.db, requireUser(req)));

  /** A single session (the detail dialog and links from notifications). */
  app.get('/app/session/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const session = await service.findSession(ctx.db, req.params.id);
    if (!session) throw notFound('Session not found');
    return service.presentSession(ctx.db, user.id, session.id);
  });
};
