import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  EmailPreferenceRequest,
  EmailPreferencesAnswer,
  UnsubscribeAnswer,
  UnsubscribeBody,
  UnsubscribeQuery,
} from '../../../common/notifications/schemas';
import type { AppContext } from '../../platform/context';
import { authorize, signInFirst } from '../../platform/authorize';
import { badRequest } from '../../platform/errors';
import type { Limit } from '../../platform/rate-limit';
import {
  chooseEmailFrequencies,
  linkedAccountExists,
  myEmailPreferences,
  unsubscribe,
  unsubscribeInfo,
} from './email-preference-service';
import { canChooseEmails, canUnsubscribeWith } from './policy';
import { readUnsubscribeToken } from './unsubscribe-link';

/** Public unsubscribe calls per IP: far above a person clicking links, far below guessing tokens. */
export const UNSUBSCRIBE_PER_IP: Limit = { max: 60, windowSeconds: 10 * 60 };

/**
 * Settings → Email notifications (a frequency per notification type) and the one-click
 * unsubscribe of a notification mail, which needs no session.
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
    return myEmailPreferences(ctx, user.id);
  });

  app.post(
    '/app/email-preferences',
    { schema: { body: EmailPreferenceRequest, response: { 200: EmailPreferencesAnswer } } },
    async (req) => {
      const user = req.user;
      authorize(canChooseEmails(user), signInFirst);
      const chosen = 'frequencies' in req.body ? req.body.frequencies : { [req.body.type]: req.body.frequency };
      return chooseEmailFrequencies(ctx, user.id, chosen);
    },
  );

  app.get(
    '/unsubscribe/info',
    { schema: { querystring: UnsubscribeQuery, response: { 200: UnsubscribeAnswer } } },
    async (req) => unsubscribeInfo(ctx, await readLink(ctx, req.ip, req.query.token)),
  );

  app.post(
    '/unsubscribe',
    { schema: { querystring: UnsubscribeQuery, body: UnsubscribeBody, response: { 200: UnsubscribeAnswer } } },
    async (req) => unsubscribe(ctx, await readLink(ctx, req.ip, req.query.token)),
  );
};

/** The user and type a link names; 400 for a forged or damaged link, or one whose account is gone. */
async function readLink(ctx: AppContext, ip: string, token: string) {
  await ctx.limiter.hit(`unsubscribe:ip:${ip}`, UNSUBSCRIBE_PER_IP);
  const link = readUnsubscribeToken(ctx.config.appSecret, token);
  authorize(canUnsubscribeWith(link), () => badRequest('invalid_unsubscribe_link'));
  authorize(await linkedAccountExists(ctx, link), () => badRequest('invalid_unsubscribe_link'));
  return link;
}
