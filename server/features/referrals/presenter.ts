import { referralCodeOf, referralLink } from '../../../common/referrals/links';
import type { FacilitatorReferral, MyReferralsAnswer } from '../../../common/referrals/schemas';

export function presentMyReferrals(
  user: { id: string },
  publicUrl: string,
  counts: { signedUp: number; paid: number },
): MyReferralsAnswer {
  const code = referralCodeOf(user);
  return { code, link: referralLink(publicUrl, code), ...counts };
}

type Row = {
  id: string;
  referrerId: string;
  referrerName: string;
  refereeId: string;
  refereeName: string;
  signedUpAt: Date;
  firstPaidAt: Date | null;
  facilitatorId: string | null;
  amountCents: number | null;
};

/** A referral as the facilitator sees it: the amount only when the first payment was theirs. */
export function presentFacilitatorReferral(row: Row, facilitatorId: string): FacilitatorReferral {
  const toYou = row.firstPaidAt !== null && row.facilitatorId === facilitatorId;
  return {
    id: row.id,
    referrer: { id: row.referrerId, name: row.referrerName },
    referee: { id: row.refereeId, name: row.refereeName },
    signedUpAt: row.signedUpAt.toISOString(),
    firstPaidAt: row.firstPaidAt?.toISOString() ?? null,
    firstPaymentToYou: toYou,
    amountCents: toYou ? row.amountCents : null,
  };
}
