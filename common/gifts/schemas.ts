import { z } from 'zod';
import { GIFT_MONTHS } from './price';

const Email = z.string().trim().toLowerCase().email('Enter an email address').max(254);

/** POST app/tier/{id}/gifts: buy months of the tier for someone else; answers the checkout's url. */
export const BuyGiftRequest = z.object({
  months: z.coerce
    .number()
    .int()
    .refine((m) => (GIFT_MONTHS as readonly number[]).includes(m), 'Choose 1, 3, 6 or 12 months'),
  recipientEmail: Email,
  message: z.string().trim().max(1000).default(''),
  /** the delivery day on the buyer's calendar: today or later */
  deliverOn: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Choose a day'),
  /** the buyer's zone (the browser's); their account's zone otherwise */
  timeZone: z.string().max(64).optional(),
});
export type BuyGiftRequest = z.input<typeof BuyGiftRequest>;

export const GIFT_STATES = ['unpaid', 'scheduled', 'sent', 'claimed', 'ended', 'refunded'] as const;
export type GiftState = (typeof GIFT_STATES)[number];

/** One gift its buyer sees (Billing: My gifts). */
export const BoughtGiftAnswer = z.object({
  _id: z.string(),
  tier: z.object({ _id: z.string(), name: z.string() }),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  recipientEmail: z.string(),
  message: z.string(),
  months: z.number(),
  /** dollars */
  amount: z.number(),
  deliverOn: z.string(),
  state: z.enum(GIFT_STATES),
  deliveredAt: z.string().nullable(),
  claimedAt: z.string().nullable(),
  endsAt: z.string().nullable(),
  createdAt: z.string(),
  /** resend the mail / change the address: only before it is claimed */
  canResend: z.boolean(),
  canChangeRecipient: z.boolean(),
});
export type BoughtGiftAnswer = z.infer<typeof BoughtGiftAnswer>;

export const BoughtGiftsAnswer = z.object({ gifts: z.array(BoughtGiftAnswer) });
export type BoughtGiftsAnswer = z.infer<typeof BoughtGiftsAnswer>;

export const ChangeGiftRecipientRequest = z.object({ recipientEmail: Email });
export type ChangeGiftRecipientRequest = z.input<typeof ChangeGiftRecipientRequest>;

/** The claim link's token (from /gift/{token}), sent in the body so it stays out of request logs. */
export const GiftTokenRequest = z.object({ token: z.string().min(16).max(128) });
export type GiftTokenRequest = z.infer<typeof GiftTokenRequest>;

/** What the claim page shows about a gift (POST gifts/view: public, the link is the key). */
export const GiftViewAnswer = z.object({
  tier: z.object({ _id: z.string(), name: z.string(), description: z.string() }),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  from: z.string(),
  message: z.string(),
  months: z.number(),
  /** claimable, or why not */
  state: z.enum(['claimable', 'claimed', 'refunded']),
});
export type GiftViewAnswer = z.infer<typeof GiftViewAnswer>;

/** POST app/gifts/claim: the claimer's access, until `endsAt`. */
export const GiftClaimAnswer = z.object({
  tierId: z.string(),
  facilitatorId: z.string(),
  endsAt: z.string(),
});
export type GiftClaimAnswer = z.infer<typeof GiftClaimAnswer>;
