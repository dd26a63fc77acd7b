import { z } from 'zod';
import { BillingInterval } from '../tiers/intervals';
import { RevenuePeriod } from './schemas';

/**
 * The facilitator's money tools on /dashboard: the period's figures beside the chart, the members
 * of each tier, CSV exports and the provider's payouts. Amounts travel as dollars, like the rest
 * of the API; the server adds them up in cents.
 */

export const MoneyQuery = z.object({ period: RevenuePeriod.default('year') });

/** GET app/facilitator/money?period=week|month|year. */
export const MoneySummaryAnswer = z.object({
  period: RevenuePeriod,
  /** the window: one period back from now, like the chart's */
  from: z.string(),
  to: z.string(),
  /**
   * Monthly recurring revenue now: paid subscriptions that are active or past due (not free, not
   * in a trial, not ended), each at its monthly equivalent (a yearly plan counts a twelfth).
   */
  mrr: z.number(),
  /** members with at least one such subscription */
  activePayingMembers: z.number().int(),
  /** paid subscriptions still in their free trial */
  trialing: z.number().int(),
  /** free trials started in the period, and trials that turned into paid subscriptions in it */
  trialStarts: z.number().int().optional(),
  trialConversions: z.number().int().optional(),
  /** paid subscriptions started in the period (trials included) */
  newSubscriptions: z.number().int(),
  /** paid subscriptions that ended in the period */
  cancelledSubscriptions: z.number().int(),
  /** paid subscriptions cancelled but paid up to a later day ('Ends on …') */
  endingSubscriptions: z.number().int(),
  /** what members paid in the period, before refunds */
  gross: z.number(),
  /** refunded in the period (a positive amount) */
  refunds: z.number(),
  /** lost to disputes in the period (a positive amount) */
  disputes: z.number(),
  /** Tend's platform fee in the period, net of the fee given back on reversals */
  fees: z.number(),
  /** gross - refunds - disputes - fees */
  net: z.number(),
  /** Tend's fee, in percent of each payment */
  feePercent: z.number(),
});
export type MoneySummaryAnswer = z.infer<typeof MoneySummaryAnswer>;

export const MEMBERS_PAGE_SIZE = 25;

/** GET app/facilitator/members?tierId=&cursor=&limit=: without a tier, all of mine. */
export const MembersQuery = z.object({
  tierId: z.string().uuid('Invalid id').optional(),
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(MEMBERS_PAGE_SIZE),
});
export type MembersQuery = z.infer<typeof MembersQuery>;

/** GET app/facilitator/members.csv?tierId=. */
export const MembersCsvQuery = MembersQuery.pick({ tierId: true });

/**
 * GET app/facilitator/revenue.csv?period=.
 * @alias the chart's own query: the file holds what the chart shows
 */
export const RevenueCsvQuery = MoneyQuery;

export const MEMBER_STATUSES = ['active', 'trial', 'past_due', 'ending', 'cancelled'] as const;
export const MemberStatus = z.enum(MEMBER_STATUSES);
export type MemberStatus = z.infer<typeof MemberStatus>;

export const TierMember = z.object({
  /** the subscription's id */
  _id: z.string(),
  member: z.object({ _id: z.string(), name: z.string() }),
  tier: z.object({ _id: z.string(), name: z.string(), type: z.enum(['subscription', 'single']) }),
  /** how often it bills; null for a one-off course */
  interval: BillingInterval.nullable(),
  /** YYYY-MM-DD */
  startDate: z.string(),
  status: MemberStatus,
  /** when a cancelled subscription's paid access ends (or ended), ISO */
  endsOn: z.string().nullable(),
  /** free tier: nothing to pay */
  isFree: z.boolean(),
  /** complimentary access the facilitator gave: a member, never revenue */
  isComplimentary: z.boolean().optional(),
  /** a gift someone bought them, claimed: a member, its revenue was the gift's one payment */
  isGift: z.boolean().optional(),
  /** what this member has paid for this tier, refunds taken off, in dollars */
  paidToDate: z.number(),
});
export type TierMember = z.infer<typeof TierMember>;

/** A keyset page; `next` is the cursor of the following page, null on the last. */
export const MembersAnswer = z.object({ members: z.array(TierMember), next: z.string().nullable() });
export type MembersAnswer = z.infer<typeof MembersAnswer>;

export const PAYOUT_STATUSES = ['pending', 'in_transit', 'paid', 'failed', 'canceled'] as const;

/** GET app/facilitator/payouts: the latest payouts to my bank account, newest first. */
export const PayoutsAnswer = z.object({
  /** false while no account is linked (payouts is then empty) */
  linked: z.boolean(),
  payouts: z.array(
    z.object({
      _id: z.string(),
      amount: z.number(),
      /** when the money reaches (or reached) the bank, ISO */
      arrivalDate: z.string(),
      status: z.enum(PAYOUT_STATUSES),
    }),
  ),
  /**
   * Where the money stands, in dollars, from the provider's balance (absent before an account is
   * linked): ready to pay out, on its way to the balance, sent to the bank, and the fees taken.
   */
  balance: z.object({ available: z.number(), pending: z.number(), paidOut: z.number(), fees: z.number() }).optional(),
});
export type PayoutsAnswer = z.infer<typeof PayoutsAnswer>;

export const PAYOUT_STATUS_TEXTS: Record<(typeof PAYOUT_STATUSES)[number], string> = {
  pending: 'Pending',
  in_transit: 'On the way',
  paid: 'Paid',
  failed: 'Failed',
  canceled: 'Cancelled',
};

/** 'Active', 'Trial', 'Past due', 'Ends on 03/01/2027', 'Cancelled'; `day` formats the end date. */
export function memberStatusText(member: Pick<TierMember, 'status' | 'endsOn'>, day: (iso: string) => string): string {
  switch (member.status) {
    case 'active':
      return 'Active';
    case 'trial':
      return 'Trial';
    case 'past_due':
      return 'Past due';
    case 'ending':
      return member.endsOn ? `Ends on ${day(member.endsOn)}` : 'Cancelled';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** The interval column: 'Monthly', 'Annually', or 'One-off' for a course. */
export const INTERVAL_COLUMN_TEXT = { oneOff: 'One-off' } as const;
