import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CalendarFeedAnswer, CalendarFeedParams } from '../../../common/calendar-feed/schemas';
import { authorize, hidden, signInFirst } from '../../platform/authorize';
import { canManageCalendarFeed, canReadCalendarFeed } from './policy';
import { calendarFeedFile, feedAt, issueCalendarFeed, myCalendarFeed, turnOffCalendarFeed } from './service';

/** The signed-in account whose own feed a Settings call acts on (401 for visitors). */
function feedOwner(req: FastifyRequest) {
  const user = req.user;
  authorize(canManageCalendarFeed(user), signInFirst);
  return user;
}

/** Settings → Calendar feed: my feed's address, a new one, or off. Each acts on the caller's own feed only. */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/app/calendar-feed', { schema: { response: { 200: CalendarFeedAnswer } } }, async (req) =>
    myCalendarFeed(ctx, feedOwner(req)),
  );

  app.post('/app/calendar-feed', { schema: { response: { 200: CalendarFeedAnswer } } }, async (req) =>
    issueCalendarFeed(ctx, feedOwner(req)),
  );

  app.delete('/app/calendar-feed', { schema: { response: { 200: CalendarFeedAnswer } } }, async (req) =>
    turnOffCalendarFeed(ctx, feedOwner(req)),
  );
};

/** The feed itself: an iCalendar file (text/calendar). */
const FeedFile = z.string().describe('The feed, an iCalendar file (text/calendar; charset=utf-8)');
/** 304: the copy named by If-None-Match is current (no body). */
const NotModified = z.null().describe('Not modified: the copy named by If-None-Match is current');

/**
 * GET /calendar/{token}.ics, at the site's root where webcal:// addresses point: the feed itself,
 * for calendar apps, without a session (the address is the permission). An address that opens no
 * feed is 404, whatever the reason, so it tells nothing.
 */
export const publicCalendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/calendar/:file',
    { schema: { params: CalendarFeedParams, response: { 200: FeedFile, 304: NotModified } } },
    async (req, reply) => {
      const feed = await feedAt(ctx, req.params.file, req.ip);
      authorize(canReadCalendarFeed(feed), hidden());
      const file = await calendarFeedFile(ctx, feed);
      reply
        .header('cache-control', 'private, no-cache')
        .header('etag', file.etag)
        .header('last-modified', file.lastModified.toUTCString());
      if (matches(req.headers['if-none-match'], file.etag)) return reply.code(304).send(null);
      return reply.type('text/calendar; charset=utf-8').send(file.ics);
    },
  );
};

/** If-None-Match names this tag (alone, in a list, weak or strong: RFC 9110 section 13.1.2 compares weakly). */
function matches(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === etag;
  });
}
