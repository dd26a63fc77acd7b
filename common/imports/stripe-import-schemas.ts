import { z } from 'zod';
import { Id } from '../params';

/** Why a subscription on the facilitator's Stripe account is not brought over (or was not). */
export const STRIPE_IMPORT_REASONS = [
  'unmatched_price',
  'no_email',
  'belongs_to_another_member',
  'already_subscribed',
  'not_applied',
] as const;
export type StripeImportReason = (typeof STRIPE_IMPORT_REASONS)[number];

/** A price on the facilitator's Stripe account that names none of their plans: the facilitator maps it. */
export const UnmatchedPrice = z.object({
  priceId: z.string(),
  amountCents: z.number().int(),
  interval: z.string().nullable(),
  productName: z.string().nullable(),
  subscriptions: z.number().int(),
});
export type UnmatchedPrice = z.infer<typeof UnmatchedPrice>;

/** One subscription on the facilitator's Stripe account, as the import would treat it. */
export const StripeImportRow = z.object({
  stripeSubscriptionId: z.string(),
  stripeCustomerId: z.string(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  status: z.string(),
  priceId: z.string().nullable(),
  tierId: Id.nullable(),
  tierName: z.string().nullable(),
  /** a Tend account with this email exists already (false: one is made on import) */
  existingAccount: z.boolean(),
  reason: z.enum(STRIPE_IMPORT_REASONS).optional(),
});
export type StripeImportRow = z.infer<typeof StripeImportRow>;

/** The facilitator's plans a price may be mapped to. */
export const StripeImportPlan = z.object({ id: Id, name: z.string() });

/** Price id → plan id, for prices that name none of the facilitator's plans. */
export const StripePriceMappings = z.record(z.string().min(1).max(255), Id);
export type StripePriceMappings = z.infer<typeof StripePriceMappings>;

export const StripeImportPreviewQuery = z.object({
  /** JSON of StripePriceMappings, so the preview shows a mapping's effect before the run */
  mappings: z.string().max(20_000).optional(),
});

export const StripeImportPreviewAnswer = z.object({
  rows: z.array(StripeImportRow),
  unmatchedPrices: z.array(UnmatchedPrice),
  plans: z.array(StripeImportPlan),
});
export type StripeImportPreviewAnswer = z.infer<typeof StripeImportPreviewAnswer>;

export const StripeImportRunBody = z.object({ mappings: StripePriceMappings.default({}) });

export const StripeImportRunAnswer = z.object({
  kept: z.array(z.object({ email: z.string(), tierId: Id, subscriptionId: Id, newAccount: z.boolean() })),
  skipped: z.array(
    z.object({ stripeSubscriptionId: z.string(), email: z.string().nullable(), reason: z.enum(STRIPE_IMPORT_REASONS) }),
  ),
});
export type StripeImportRunAnswer = z.infer<typeof StripeImportRunAnswer>;
