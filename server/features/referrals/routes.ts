import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  FacilitatorReferralsAnswer,
  FacilitatorReferralsQuery,
  MyReferralsAnswer,
  ReferralRewardAnswer,
  ReferralRewardBody,
} from '../../../common/referrals/schemas';
import { authorize, signInFirst } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canChooseReferralReward, canSeeMemberReferrals, canSeeOwnReferrals } from './policy';
import { chooseReferralReward, referralRewardOf } from './rewards';
import { memberReferrals, myReferrals } from './service';

/** Settings → Referrals (every account) and the facilitator's referrals beside their members. */
export const referralRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/app/referrals', { schema: { response: { 200: MyReferralsAnswer } } }, async (req) => {
    const user = req.user;
    authorize(canSeeOwnReferrals(user), signInFirst);
    return myReferrals(ctx, user);
  });

  app.get(
    '/app/facilitator/referrals',
    { schema: { querystring: FacilitatorReferralsQuery, response: { 200: FacilitatorReferralsAnswer } } },
    async (req) => {
      const user = requireUser(req);
      authorize(canSeeMemberReferrals(user), () => forbidden('earnings_facilitators_only'));
      return memberReferrals(ctx, user, req.query);
    },
  );

  app.get('/app/facilitator/referral-reward', { schema: { response: { 200: ReferralRewardAnswer } } }, async (req) => {
    const user = requireUser(req);
    authorize(canChooseReferralReward(user), () => forbidden('earnings_facilitators_only'));
    return referralRewardOf(ctx, user);
  });

  app.put(
    '/app/facilitator/referral-reward',
    { schema: { body: ReferralRewardBody, response: { 200: ReferralRewardAnswer } } },
    async (req) => {
      const user = requireUser(req);
      authorize(canChooseReferralReward(user), () => forbidden('earnings_facilitators_only'));
      return chooseReferralReward(ctx, user, req.body.offerId);
    },
  );
};
