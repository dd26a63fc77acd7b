import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import {
  PushKeyAnswer,
  PushPreferencesRequest,
  PushSettingsAnswer,
  PushSubscriptionInput,
  ResubscribeAnswer,
  ResubscribeRequest,
} from '../../../common/push/schemas';
import { authorize, signInFirst } from '../../platform/authorize';
import type { Limit } from '../../platform/rate-limit';
import { canReadPushKey, canUsePush } from './policy';
import {
  choosePushKinds,
  myPushSettings,
  pushPublicKey,
  removeDevice,
  replaceSubscription,
  subscribeDevice,
} from './service';

/** Resubscribes per IP: a browser does it rarely; this stops a stranger from guessing endpoints. */
export const RESUBSCRIBE_PER_IP: Limit = { max: 30, windowSeconds: 10 * 60 };

/**
 * Web Push: the public key, my devices and my kinds (Settings → Notifications), and the service
 * worker's resubscribe, which has no session. Each signed-in call acts on the caller's own
 * devices only.
 */
export const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/push/key', { schema: { response: { 200: PushKeyAnswer } } }, async (req) => {
    authorize(canReadPushKey(req.user));
    return pushPublicKey(ctx);
  });

  app.get('/app/push', { schema: { response: { 200: PushSettingsAnswer } } }, async (req) => {
    const user = req.user;
    authorize(canUsePush(user), signInFirst);
    return myPushSettings(ctx, { user, sessionTokenHash: req.sessionTokenHash });
  });

  app.post(
    '/app/push/subscribe',
    { schema: { body: PushSubscriptionInput, response: { 200: PushSettingsAnswer } } },
    async (req) => {
      const user = req.user;
      authorize(canUsePush(user), signInFirst);
      return subscribeDevice(ctx, {
        user,
        sessionTokenHash: req.sessionTokenHash,
        subscription: req.body,
        userAgent: req.headers['user-agent'],
      });
    },
  );

  app.delete(
    '/app/push/devices/:id',
    { schema: { params: IdParams, response: { 200: PushSettingsAnswer } } },
    async (req) => {
      const user = req.user;
      authorize(canUsePush(user), signInFirst);
      return removeDevice(ctx, { user, sessionTokenHash: req.sessionTokenHash, deviceId: req.params.id });
    },
  );

  app.post(
    '/app/push/preferences',
    { schema: { body: PushPreferencesRequest, response: { 200: PushSettingsAnswer } } },
    async (req) => {
      const user = req.user;
      authorize(canUsePush(user), signInFirst);
      return choosePushKinds(ctx, { user, sessionTokenHash: req.sessionTokenHash, changes: req.body });
    },
  );

  app.post(
    '/push/resubscribe',
    { schema: { body: ResubscribeRequest, response: { 200: ResubscribeAnswer } } },
    async (req) => {
      await ctx.limiter.hit(`push-resubscribe:ip:${req.ip}`, RESUBSCRIBE_PER_IP);
      return replaceSubscription(ctx, req.body);
    },
  );
};
