import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { MembersCsvQuery, MembersQuery, MoneyQuery, RevenueCsvQuery } from '../../../common/payments/money-schemas';
import { localDay } from '../../../common/time';
import { HttpError } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { findTier } from '../subscriptions/service';
import { attachment, fileSlug } from './csv';
import { allMembers, latestPayouts, membersPage, moneySummary, revenueLines } from './money';
import { membersCsv, revenueCsv } from './money-exports';
import { authorizeMoney, authorizeTierMoney } from './policy';

/** The facilitator's money tools on /dashboard (issue 14): figures, members, exports, payouts. */
export const moneyRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A facilitator (401, 403), and the tier they named: theirs, or 404. */
  const load = async (req: Parameters<typeof requireUser>[0], tierId?: string) => {
    const user = requireUser(req);
    authorizeMoney(user);
    if (!tierId) return { user, tier: undefined };
    const tier = await findTier(ctx, tierId);
    authorizeTierMoney(user, tier);
    return { user, tier };
  };

  const sendCsv = (reply: FastifyReply, fileName: string, text: string) =>
    reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', attachment(fileName))
      .header('cache-control', 'no-store')
      .send(text);

  app.get('/app/facilitator/money', { schema: { querystring: MoneyQuery } }, async (req) =>
    moneySummary(ctx, (await load(req)).user, req.query.period),
  );

  app.get('/app/facilitator/members', { schema: { querystring: MembersQuery } }, async (req) =>
    membersPage(ctx, (await load(req, req.query.tierId)).user, req.query),
  );

  app.get('/app/facilitator/members.csv', { schema: { querystring: MembersCsvQuery } }, async (req, reply) => {
    const { user, tier } = await load(req, req.query.tierId);
    const members = await allMembers(ctx, user, tier?.id);
    const name = `members${tier ? `-${fileSlug(tier.name)}` : ''}-${localDay(new Date(), user.timeZone)}.csv`;
    return sendCsv(reply, name, membersCsv(members, user.timeZone));
  });

  app.get('/app/facilitator/revenue.csv', { schema: { querystring: RevenueCsvQuery } }, async (req, reply) => {
    const { user } = await load(req);
    const lines = await revenueLines(ctx, user, req.query.period);
    return sendCsv(
      reply,
      `revenue-${req.query.period}-${localDay(new Date(), user.timeZone)}.csv`,
      revenueCsv(lines, user.timeZone),
    );
  });

  app.get('/app/facilitator/payouts', async (req) => {
    const { user } = await load(req);
    try {
      return await latestPayouts(ctx, user);
    } catch (err) {
      // the provider is down or refused: the card says so and offers to try again
      req.log.warn({ err }, 'payouts could not be listed');
      throw new HttpError(502, { error: 'Payouts could not be loaded from the payment provider' });
    }
  });
};
