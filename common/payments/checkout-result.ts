import { z } from 'zod';

/** What a checkout bought: a subscription plan, a course (a one-off tier) or a bookable session. */
export const PurchaseKind = z.enum(['subscription', 'course', 'session']);
export type PurchaseKind = z.infer<typeof PurchaseKind>;

/**
 * GET app/checkout-result/{ref}?checkout={id}: the facts the page shown after a checkout states
 * (what was bought, and whether it went through). `ref` is the tier's or the session's id from
 * the checkout's return address.
 */
export const CheckoutResultQuery = z.object({ checkout: z.string().max(200).optional() });
export const CheckoutResultAnswer = z.object({
  kind: PurchaseKind,
  name: z.string(),
  facilitator: z.object({ _id: z.string(), name: z.string() }),
  tierId: z.string().nullable(),
  sessionId: z.string().nullable(),
  /** a session's start (ISO) */
  startTime: z.string().nullable(),
  /** the member holds it now: subscribed, course unlocked, or session booked by them */
  owned: z.boolean(),
  /** the member's checkout for it, when the address named one */
  checkout: z.enum(['open', 'complete', 'expired', 'refunded']).nullable(),
});
export type CheckoutResultAnswer = z.infer<typeof CheckoutResultAnswer>;
