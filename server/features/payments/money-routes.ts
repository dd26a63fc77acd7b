import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  MembersAnswer,
  MembersCsvQuery,
  MembersQuery,
  MoneyQuery,
  MoneySummaryAnswer,
  PayoutsAnswer,
  RevenueCsvQuery,
} from '../../../common/payments/money-schemas';
import { localDay } from '../../../common/time';
import { authorize, hidden } from '../../platform/authorize';
import { fail, HttpError } from '../../platform/errors';
import { tierById } from '../tiers/service';
import { attachment, fileSlug } from './csv';
import { allMembers, latestPayouts, membersPage, moneySummary, revenueLines } from './money';
import { membersCsv, revenueCsv } from './money-exports';
import { canSeeTierMoney, requireFacilitator } from './policy';

/** The facilitator's money tools on /dashboard: figures, members, exports, payouts. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A facilitator (401, 403), and the tier they named: theirs, or 404. */
  const load = async (req: Parameters<typeof requireFacilitator>[0], tierId?: string) => {
    const user = requireFacilitator(req);
    if (!tierId) return { user, tier: undefined };
    const tier = await tierById(ctx, tierId);
    authorize(canSeeTierMoney(user, tier), hidden('plan_not_found'));
    return { user, tier: tier! };
  };
  /** A CSV file (text/csv, sent as it is). */
  const csv = { response: { 200: z.string() } };

  const sendCsv = (reply: FastifyReply, fileName: string, text: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .send(text);

  app.get(
    '/app/facilitator/money',
    { schema: { querystring: MoneyQuery, response: { 200: MoneySummaryAnswer } } },
    async (req) => moneySummary(ctx, (await load(req)).user, req.query.period),
  );

  app.get(
    '/app/facilitator/members',
    { schema: { querystring: MembersQuery, response: { 200: MembersAnswer } } },
    async (req) => membersPage(ctx, (await load(req, req.query.tierId)).user, req.query),
  );

  app.get('/app/facilitator/members.csv', { schema: { querystring: MembersCsvQuery, ...csv } }, async (req, reply) => {
    const { user, tier } = await load(req, req.query.tierId);
    const members = await allMembers(ctx, user, tier?.id);
    const name = `members${tier ? `-${fileSlug(tier.name)}` : ''}-${localDay(new Date(), user.timeZone)}.csv`;
    return sendCsv(reply, name, membersCsv(members, user.timeZone));
  });

  app.get('/app/facilitator/revenue.csv', { schema: { querystring: RevenueCsvQuery, ...csv } }, async (req, reply) => {
    const { user } = await load(req);
    const lines = await revenueLines(ctx, user, req.query.period);
    return sendCsv(
      reply,
      `revenue-${req.query.period}-${localDay(new Date(), user.timeZone)}.csv`,
      revenueCsv(lines, user.timeZone),
    );
  });

  app.get('/app/facilitator/payouts', { schema: { response: { 200: PayoutsAnswer } } }, async (req) => {
    const { user } = await load(req);
    try {
      return await latestPayouts(ctx, user);
    } catch (err) {
      // the provider out of reach answers as such (503, try again); a refusal: the card says so
      if (err instanceof HttpError && err.statusCode === 503) throw err;
      req.log.warn({ err }, 'payouts could not be listed');
      throw fail(502, 'payouts_unavailable');
    }
  });
};
