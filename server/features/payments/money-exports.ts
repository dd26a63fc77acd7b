import { centsToDollars } from '../../../common/money';
import { INTERVAL_COLUMN_TEXT, memberStatusText, type TierMember } from '../../../common/payments/money-schemas';
import { BILLING_INTERVAL_LABELS } from '../../../common/tiers/intervals';
import { localDay } from '../../../common/time';
import { toCsv } from './csv';
import type { RevenueLine } from './money';

/** The members list as a spreadsheet: dates as YYYY-MM-DD in the facilitator's time zone. */
export function membersCsv(members: TierMember[], timeZone: string): string {
  const day = (at: string) => localDay(new Date(at), timeZone);
  return toCsv(
    ['Member', 'Tier', 'Interval', 'Start date', 'Status', 'Paid to date (USD)'],
    members.map((m) => [
      m.member.name,
      m.tier.name,
      m.interval ? BILLING_INTERVAL_LABELS[m.interval] : INTERVAL_COLUMN_TEXT.oneOff,
      m.startDate,
      memberStatusText(m, day),
      m.paidToDate,
    ]),
  );
}

const KIND_TEXT: Record<RevenueLine['kind'], string> = { payment: 'Payment', refund: 'Refund', dispute: 'Dispute' };

/** The revenue entries as a spreadsheet: reversals negative, so a column's sum is the net. */
export function revenueCsv(lines: RevenueLine[], timeZone: string): string {
  return toCsv(
    [
      `Date (${timeZone})`,
      'Tier',
      'Kind',
      'Member',
      'Amount (USD)',
      'Platform fee (USD)',
      'Net (USD)',
      'Dispute',
      'Reference',
      'Offer code',
      'Discount (USD)',
    ],
    lines.map((l) => [
      l.at,
      l.tier,
      KIND_TEXT[l.kind],
      l.member,
      centsToDollars(l.amountCents),
      centsToDollars(l.feeCents),
      centsToDollars(l.amountCents - l.feeCents),
      l.disputeStatus,
      l.reference,
      l.offerCode,
      centsToDollars(l.discountCents),
    ]),
  );
}
