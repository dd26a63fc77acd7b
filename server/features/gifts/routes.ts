import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BoughtGiftAnswer,
  BoughtGiftsAnswer,
  BuyGiftRequest,
  ChangeGiftRecipientRequest,
  GiftClaimAnswer,
  GiftTokenRequest,
  GiftViewAnswer,
} from '../../../common/gifts/schemas';
import { UrlAnswer } from '../../../common/payments/schemas';
import { IdParams } from '../../../common/params';
import { requireUser } from '../auth/policy';
import { buyGift, changeGiftRecipient, claimGift, listBoughtGifts, resendGift, viewGift } from './service';

/** Looking up claim links: this many per address a minute (the tokens are unguessable; this keeps trying them slow). */
const LINK_LOOKUPS = { max: 30, windowSeconds: 60 };

/** Gifts: buying a plan for someone else, the buyer's list, and the recipient's claim link. */
export const giftRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/app/tier/:id/gifts',
    { config: { idempotent: true }, schema: { params: IdParams, body: BuyGiftRequest, response: { 200: UrlAnswer } } },
    async (req) => buyGift(ctx, requireUser(req), req.params.id, req.body),
  );

  app.get('/app/gifts', { schema: { response: { 200: BoughtGiftsAnswer } } }, async (req) =>
    listBoughtGifts(ctx, requireUser(req)),
  );

  app.post(
    '/app/gifts/:id/resend',
    { schema: { params: IdParams, response: { 200: BoughtGiftAnswer } } },
    async (req) => resendGift(ctx, requireUser(req), req.params.id),
  );

  app.post(
    '/app/gifts/:id/recipient',
    { schema: { params: IdParams, body: ChangeGiftRecipientRequest, response: { 200: BoughtGiftAnswer } } },
    async (req) => changeGiftRecipient(ctx, requireUser(req), req.params.id, req.body.recipientEmail),
  );

  /** Public: the claim page's gift, for whoever holds the link. */
  app.post('/gifts/view', { schema: { body: GiftTokenRequest, response: { 200: GiftViewAnswer } } }, async (req) => {
    await ctx.limiter.hit(`gift-link:ip:${req.ip}`, LINK_LOOKUPS);
    return viewGift(ctx, req.body.token);
  });

  app.post(
    '/app/gifts/claim',
    { schema: { body: GiftTokenRequest, response: { 200: GiftClaimAnswer } } },
    async (req) => {
      const user = requireUser(req);
      await ctx.limiter.hit(`gift-link:ip:${req.ip}`, LINK_LOOKUPS);
      return claimGift(ctx, user, req.body.token);
    },
  );
};
