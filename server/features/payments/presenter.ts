import { centsToDollars } from '../../../common/money';
import type { MemberStatus, TierMember } from '../../../common/payments/money-schemas';
import type { BillingInterval } from '../../../common/tiers/intervals';
import type { User } from '../../db/schema';
import { isBilled } from '../subscriptions/entitlement';

/** The wire shapes of the payments feature: payouts (Settings, the dashboard) and the members list. */

/** bigint sums arrive as strings from PostgreSQL. */
export const int = (v: unknown) => Number(v ?? 0);
export const dollars = (cents: unknown) => centsToDollars(int(cents));
export const iso = (v: unknown) => (v == null ? null : new Date(v as string | Date).toISOString());

export const payoutStatus = (u: User): 'not_linked' | 'incomplete' | 'linked' =>
  !u.stripeAccountId ? 'not_linked' : u.stripeDetailsSubmitted && u.stripeChargesEnabled ? 'linked' : 'incomplete';

/** The payout state Settings and the dashboard show: what works and what Stripe still needs. */
export const presentPayouts = (u: User) => ({
  status: payoutStatus(u),
  chargesEnabled: u.stripeChargesEnabled,
  payoutsEnabled: u.stripePayoutsEnabled,
  requirementsDue: u.stripeRequirementsDue,
});

/** One row of the members query (money.ts selectMembers), as PostgreSQL answers it. */
export type MemberRow = {
  id: string;
  member_id: string;
  member_name: string;
  tier_id: string;
  tier_name: string;
  tier_type: 'subscription' | 'single';
  billing_interval: BillingInterval;
  start_date: string;
  provider: 'free' | 'test' | 'stripe' | 'complimentary' | 'gift';
  status: MemberStatus;
  end_date: string | Date | null;
  paid_cents: string;
};

export function presentMember(r: MemberRow): TierMember {
  const endsOn = r.status === 'ending' || r.status === 'cancelled' ? iso(r.end_date) : null;
  return {
    _id: r.id,
    member: { _id: r.member_id, name: r.member_name },
    tier: { _id: r.tier_id, name: r.tier_name, type: r.tier_type },
    interval: r.tier_type === 'subscription' ? r.billing_interval : null,
    startDate: r.start_date,
    status: r.status,
    endsOn,
    isFree: !isBilled(r.provider),
    isComplimentary: r.provider === 'complimentary',
    isGift: r.provider === 'gift',
    paidToDate: dollars(r.paid_cents),
  };
}
