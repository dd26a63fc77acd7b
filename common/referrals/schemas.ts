import { z } from 'zod';

// Referrals: the calls of Settings → Referrals and the facilitator's referrals list (the links
// and the first-touch rule are in links.ts, which the web app's entry reads without zod).

/** GET app/referrals: my code, my sign-up link, and how many people signed up and paid through it. */
export const MyReferralsAnswer = z.object({
  code: z.string(),
  link: z.string(),
  signedUp: z.number().int(),
  paid: z.number().int(),
  /** the rewards I earned when people I brought first paid a facilitator, newest first */
  rewards: z
    .array(
      z.object({
        id: z.string(),
        grantedAt: z.string(),
        code: z.string(),
        discount: z.string(),
        tierName: z.string(),
        facilitator: z.object({ id: z.string(), name: z.string() }),
        /** the facilitator's profile with the code: checking out there redeems the reward */
        link: z.string(),
        redeemed: z.boolean(),
      }),
    )
    .optional(),
});
export type MyReferralsAnswer = z.infer<typeof MyReferralsAnswer>;

/** GET app/facilitator/referrals?limit=&cursor=: newest sign-up first; `next` is the following page's cursor. */
export const FacilitatorReferralsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(25),
  cursor: z.string().max(300).optional(),
});

const Person = z.object({ id: z.string(), name: z.string() });

/**
 * One of my members (a subscriber of one of my tiers) whom someone brought: who, when they signed
 * up, when they first paid anyone, and whether that first payment was to me (and how much).
 */
export const FacilitatorReferral = z.object({
  id: z.string(),
  referrer: Person,
  referee: Person,
  signedUpAt: z.string(),
  firstPaidAt: z.string().nullable(),
  firstPaymentToYou: z.boolean(),
  amountCents: z.number().int().nullable(),
});
export type FacilitatorReferral = z.infer<typeof FacilitatorReferral>;

export const FacilitatorReferralsAnswer = z.object({
  items: z.array(FacilitatorReferral),
  next: z.string().nullable(),
});
export type FacilitatorReferralsAnswer = z.infer<typeof FacilitatorReferralsAnswer>;

/** GET/PUT app/facilitator/referral-reward: the offer granted to referrers (or none) and the offers to choose from. */
export const ReferralRewardAnswer = z.object({
  offerId: z.string().nullable(),
  choices: z.array(z.object({ id: z.string(), code: z.string(), tierName: z.string(), discount: z.string() })),
});
export type ReferralRewardAnswer = z.infer<typeof ReferralRewardAnswer>;

/** PUT app/facilitator/referral-reward: one of my active offers, or null for none. */
export const ReferralRewardBody = z.object({ offerId: z.string().uuid().nullable() });
export type ReferralRewardBody = z.infer<typeof ReferralRewardBody>;
