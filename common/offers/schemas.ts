import { z } from 'zod';
import { Id } from '../params';

/** A code: letters, digits, dash and underscore; compared without regard to case. */
export const OfferCode = z
  .string()
  .trim()
  .min(3, 'Use at least 3 characters')
  .max(40, 'Use at most 40 characters')
  .regex(/^[A-Za-z0-9_-]+$/, 'Use letters, digits, - and _ only');

const Future = z.string().datetime({ offset: true });

/**
 * POST app/tier/{id}/offers: a discount (percent 1-100 or an amount in dollars; once, for N months
 * or forever) or a free trial of N days; an optional end and redemption limit; the code chosen or,
 * left out, generated.
 */
export const CreateOfferRequest = z
  .object({
    code: OfferCode.optional(),
    kind: z.enum(['percent', 'amount', 'trial']),
    percentOff: z.number().int().min(1).max(100).optional(),
    /** dollars */
    amountOff: z.number().positive().max(100_000).optional(),
    duration: z.enum(['once', 'repeating', 'forever']).optional(),
    durationMonths: z.number().int().min(1).max(36).optional(),
    trialDays: z.number().int().min(1).max(365).optional(),
    endsAt: Future.nullable().default(null),
    redemptionLimit: z.number().int().min(1).max(1_000_000).nullable().default(null),
  })
  .refine((o) => o.kind !== 'percent' || o.percentOff !== undefined, {
    message: 'Enter the percent off (1 to 100)',
    path: ['percentOff'],
  })
  .refine((o) => o.kind !== 'amount' || o.amountOff !== undefined, {
    message: 'Enter the amount off',
    path: ['amountOff'],
  })
  .refine((o) => o.kind === 'trial' || o.duration !== undefined, {
    message: 'Choose how long the discount lasts',
    path: ['duration'],
  })
  .refine((o) => o.kind === 'trial' || o.duration !== 'repeating' || o.durationMonths !== undefined, {
    message: 'Enter the number of months',
    path: ['durationMonths'],
  })
  .refine((o) => o.kind !== 'trial' || o.trialDays !== undefined, {
    message: 'Enter the number of free days',
    path: ['trialDays'],
  });
export type CreateOfferRequest = z.input<typeof CreateOfferRequest>;

/** PUT app/tier/{id}/offers/{offerId}: what may change once members may have redeemed it. */
export const UpdateOfferRequest = z.object({
  endsAt: Future.nullable().optional(),
  redemptionLimit: z.number().int().min(1).max(1_000_000).nullable().optional(),
});
export type UpdateOfferRequest = z.input<typeof UpdateOfferRequest>;

export const OFFER_STATUSES = ['active', 'ended', 'used_up', 'archived'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

const Terms = {
  kind: z.enum(['percent', 'amount', 'trial']),
  percentOff: z.number().nullable(),
  amountOffCents: z.number().nullable(),
  duration: z.enum(['once', 'repeating', 'forever']).nullable(),
  durationMonths: z.number().nullable(),
  trialDays: z.number().nullable(),
};

/** One offer as its facilitator sees it, with what it has brought in. */
export const OfferAnswer = z.object({
  _id: z.string(),
  tierId: z.string(),
  code: z.string(),
  ...Terms,
  endsAt: z.string().nullable(),
  redemptionLimit: z.number().nullable(),
  /** confirmed by a payment */
  redemptions: z.number(),
  /** held by checkouts still open */
  reserved: z.number(),
  /** net revenue of the payments made through it, in cents */
  revenueCents: z.number(),
  /** what it took off those payments, in cents */
  discountCents: z.number(),
  status: z.enum(OFFER_STATUSES),
  archivedAt: z.string().nullable(),
  createdAt: z.string(),
  /** the shareable link's path: /profile/{facilitatorId}?offer=CODE */
  link: z.string(),
});
export type OfferAnswer = z.infer<typeof OfferAnswer>;

export const OffersAnswer = z.object({ offers: z.array(OfferAnswer) });
export type OffersAnswer = z.infer<typeof OffersAnswer>;

export const OfferParams = z.object({ id: Id, offerId: Id });
export const OfferLookupParams = z.object({ facilitatorId: Id, code: z.string().trim().min(1).max(60) });

/**
 * GET offers/{facilitatorId}/{code}: what a visitor gets with a code. Always 200: `status` says
 * whether it can be used ('active') or why not, so the plan card explains and sells at full price.
 */
export const OfferLookupAnswer = z.object({
  code: z.string(),
  status: z.enum([...OFFER_STATUSES, 'not_found']),
  message: z.string().nullable(),
  tierId: z.string().nullable(),
  terms: z.object(Terms).nullable(),
});
export type OfferLookupAnswer = z.infer<typeof OfferLookupAnswer>;

/** GET app/subscribe/{tierId}/create-checkout-session?offer=CODE: the optional offer to apply. */
export const CheckoutOfferQuery = z.object({ offer: z.string().trim().min(1).max(60).optional() });
