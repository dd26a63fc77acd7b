import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import {
  CreateSeriesRequest,
  DeleteSeriesRequest,
  EditSeriesRequest,
  OwnSeriesListAnswer,
  SeriesAnswer,
  SeriesBookedAnswer,
  SeriesBookingAnswer,
  SeriesCancelledAnswer,
  SeriesDeletedAnswer,
  SeriesEditAnswer,
} from '../../../common/sessions/series/schemas';
import { centsToDollars } from '../../../common/money';
import { authorize, hidden } from '../../platform/authorize';
import { badRequest, forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canManageSeries, canOfferSession } from './policy';
import { presentSession } from './presenter';
import { sessionRowById } from './reads';
import { presentOwnSeries, presentSeries } from './series-presenter';
import { occurrenceById, ownSeries, seriesBookingOffer, seriesById, seriesDetails, seriesIcsFor } from './series-reads';
import { bookSeries, cancelSeriesBooking } from './series-booking';
import { createSeries, deleteFromSeries, editSeries } from './series-service';

const missing = hidden('series_not_found');
const ownerOnly = () => forbidden('series_owner_only');

/** Repeating series of sessions: create, read, change and cancel from an occurrence (…/session-series). */
export const seriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** The series as its owner sees it, read after a change. */
  const presentById = async (viewerId: string, id: string) => {
    const series = (await seriesById(ctx, id))!;
    const { occurrences, cancelled } = await seriesDetails(ctx, series, viewerId);
    return presentSeries(series, occurrences, cancelled, viewerId);
  };

  /** The series and one of its occurrences, for a change or a deletion by its owner. */
  const loadForChange = async (user: ReturnType<typeof requireUser>, seriesId: string, sessionId: string) => {
    const series = await seriesById(ctx, seriesId);
    authorize(series !== undefined, missing);
    authorize(canManageSeries(user, series), ownerOnly);
    const session = await occurrenceById(ctx, sessionId);
    if (!session || session.seriesId !== series.id) throw badRequest('series_session_mismatch');
    return { series, session };
  };

  app.post(
    '/app/facilitator/session-series',
    { schema: { body: CreateSeriesRequest, response: { 200: SeriesAnswer } } },
    async (req) => {
      const user = requireUser(req);
      authorize(canOfferSession(user), () => forbidden('facilitators_only'));
      const id = await createSeries(ctx, { facilitator: user, input: req.body });
      return presentById(user.id, id);
    },
  );

  /** The facilitator's own series (the tier form's series picker). */
  app.get('/app/facilitator/session-series', { schema: { response: { 200: OwnSeriesListAnswer } } }, async (req) => {
    const user = requireUser(req);
    authorize(canOfferSession(user), () => forbidden('facilitators_only'));
    return (await ownSeries(ctx, user.id)).map(presentOwnSeries);
  });

  app.get(
    '/app/facilitator/session-series/:id',
    { schema: { params: IdParams, response: { 200: SeriesAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const series = await seriesById(ctx, req.params.id);
      authorize(series !== undefined, missing);
      authorize(canManageSeries(user, series), ownerOnly);
      return presentById(user.id, series.id);
    },
  );

  app.post(
    '/app/facilitator/session-series/:id/edit',
    { schema: { params: IdParams, body: EditSeriesRequest, response: { 200: SeriesEditAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { series, session } = await loadForChange(user, req.params.id, req.body.sessionId);
      const { seriesId, sessionId } = await editSeries(ctx, { series, session, input: req.body });
      const row = sessionId ? await sessionRowById(ctx, sessionId, user.id) : undefined;
      return { seriesId, session: row ? presentSession(row, user.id) : null };
    },
  );

  app.post(
    '/app/facilitator/session-series/:id/delete',
    { schema: { params: IdParams, body: DeleteSeriesRequest, response: { 200: SeriesDeletedAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { series, session } = await loadForChange(user, req.params.id, req.body.sessionId);
      return { deleted: await deleteFromSeries(ctx, { series, session, scope: req.body.scope }) };
    },
  );

  /** A member's booking of a whole series (…/session-series/{id}/book): any signed-in member but its facilitator. */
  const seriesFor = async (id: string) => {
    const series = await seriesById(ctx, id);
    authorize(series !== undefined, missing);
    return series;
  };

  app.get(
    '/app/session-series/:id/booking',
    { schema: { params: IdParams, response: { 200: SeriesBookingAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return seriesBookingOffer(ctx, await seriesFor(req.params.id), user.id);
    },
  );

  app.post(
    '/app/session-series/:id/book',
    { config: { idempotent: true }, schema: { params: IdParams, response: { 200: SeriesBookedAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return bookSeries(ctx, { member: user, series: await seriesFor(req.params.id) });
    },
  );

  app.post(
    '/app/session-series/:id/cancel-booking',
    { schema: { params: IdParams, response: { 200: SeriesCancelledAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { places, refundCents } = await cancelSeriesBooking(ctx, {
        member: user,
        series: await seriesFor(req.params.id),
      });
      return { cancelled: true as const, places, refunded: centsToDollars(refundCents) };
    },
  );

  /** The booked series as one calendar event (RRULE, EXDATEs), for Add to calendar. */
  app.get('/app/session-series/:id/booking.ics', { schema: { params: IdParams } }, async (req, reply) => {
    const user = requireUser(req);
    const ics = await seriesIcsFor(ctx, await seriesFor(req.params.id), user.id);
    authorize(ics !== undefined, hidden('series_booking_not_found'));
    return reply
      .header('content-type', 'text/calendar; charset=utf-8')
      .header('content-disposition', 'attachment; filename="series.ics"')
      .send(ics);
  });
};
