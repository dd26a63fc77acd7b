import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailPreferenceRequest,
  EmailPreferencesAnswer,
  UnsubscribeAnswer,
  UnsubscribeBody,
  UnsubscribeQuery,
} from '../../../common/notifications/schemas';
import { NOTIFICATION_TYPE_INFO, DIGEST_TOPIC } from '../../../common/notifications/types';
import type { AppContext } from '../../platform/context';
import { authorize, signInFirst } from '../../platform/authorize';
import { badRequest } from '../../platform/errors';
import type { Limit } from '../../platform/rate-limit';
import {
  accountExists,
  listEmailPreferences,
  loadFrequencies,
  setFrequencies,
  setFrequency,
} from './email-preferences';
import { canChooseEmails, canUnsubscribeWith } from './policy';
import { readUnsubscribeToken } from './unsubscribe-link';

/** Public unsubscribe calls per IP: far above a person clicking links, far below guessing tokens. */
export const UNSUBSCRIBE_PER_IP: Limit = { max: 60, windowSeconds: 10 * 60 };

/**
 * Issue 18 §2 and §4: Settings → Email notifications (a frequency per notification type) and the
 * one-click unsubscribe of a notification mail, which needs no session.
 */
export const emailPreferenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  // RFC 8058: a mail app's one-click unsubscribe POSTs `List-Unsubscribe=One-Click` as a form
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.get('/app/email-preferences', { schema: { response: { 200: EmailPreferencesAnswer } } }, async (req) => {
    const user = req.user;
    authorize(canChooseEmails(user), signInFirst);
    return listEmailPreferences(ctx.db, user.id);
  });

  app.post(
    '/app/email-preferences',
    { schema: { body: EmailPreferenceRequest, response: { 200: EmailPreferencesAnswer } } },
    async (req) => {
      const user = req.user;
      authorize(canChooseEmails(user), signInFirst);
      const chosen = 'frequencies' in req.body ? req.body.frequencies : { [req.body.type]: req.body.frequency };
      await setFrequencies(ctx.db, user.id, chosen);
      return listEmailPreferences(ctx.db, user.id);
    },
  );

  app.get(
    '/unsubscribe/info',
    { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer } } },
    async (req) => {
      const link = await readLink(ctx, req.ip, req.query.token);
      const frequencies = (await loadFrequencies(ctx.db, [link.userId])).get(link.userId)!;
      if (link.type === 'digest') {
        const any = Object.values(frequencies).includes('digest');
        return { type: link.type, label: DIGEST_TOPIC.label, frequency: any ? ('digest' as const) : ('off' as const) };
      }
      return { type: link.type, label: NOTIFICATION_TYPE_INFO[link.type].label, frequency: frequencies[link.type] };
    },
  );

  app.post(
    '/unsubscribe',
    { schema: { querystring: UnsubscribeQuery, body: UnsubscribeBody, response: { 200: UnsubscribeAnswer } } },
    async (req) => {
      const link = await readLink(ctx, req.ip, req.query.token);
      if (link.type === 'digest') {
        // no more daily summary: every type it gathered is turned off
        const frequencies = (await loadFrequencies(ctx.db, [link.userId])).get(link.userId)!;
        const inDigest = Object.entries(frequencies).filter(([, f]) => f === 'digest');
        await setFrequencies(ctx.db, link.userId, Object.fromEntries(inDigest.map(([type]) => [type, 'off'])));
        return { type: link.type, label: DIGEST_TOPIC.label, frequency: 'off' as const };
      }
      await setFrequency(ctx.db, link.userId, link.type, 'off');
      return { type: link.type, label: NOTIFICATION_TYPE_INFO[link.type].label, frequency: 'off' as const };
    },
  );
};

/** The user and type a link names; 400 for a forged or damaged link, or one whose account is gone. */
async function readLink(ctx: Pick<AppContext, 'limiter' | 'db' | 'config'>, ip: string, token: string) {
  await ctx.limiter.hit(`unsubscribe:ip:${ip}`, UNSUBSCRIBE_PER_IP);
  const link = readUnsubscribeToken(ctx.config.appSecret, token);
  authorize(canUnsubscribeWith(link), () => badRequest('invalid_unsubscribe_link'));
  authorize(await accountExists(ctx.db, link.userId), () => badRequest('invalid_unsubscribe_link'));
  return link;
}
