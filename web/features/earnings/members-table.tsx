import clsx from 'clsx';
import {
  INTERVAL_COLUMN_TEXT,
  memberStatusText,
  type MemberStatus,
  type TierMember,
} from '@common/payments/money-schemas';
import { BILLING_INTERVAL_LABELS } from '@common/tiers/intervals';
import { displayDay } from './dates';
import { dollarsText } from './dollars';

const STATUS_TONE: Record<MemberStatus, string> = {
  active: 'bg-brand-50 text-brand-800 ring-brand-100',
  trial: 'bg-sky-50 text-sky-900 ring-sky-200',
  past_due: 'bg-amber-50 text-amber-900 ring-amber-200',
  ending: 'bg-stone-100 text-stone-800 ring-stone-200',
  cancelled: 'bg-stone-50 text-stone-600 ring-stone-200',
};

const COLUMNS = ['Member', 'Tier', 'Interval', 'Start', 'Status', 'Paid to date'] as const;

/** A cell's column name, shown beside its value only while the rows are cards (phones). */
function PhoneLabel({ children }: { children: string }) {
  return (
    <span aria-hidden="true" className="text-xs font-medium text-stone-500 sm:hidden">
      {children}
    </span>
  );
}

const cell = 'flex items-baseline justify-between gap-3 py-0.5 sm:table-cell sm:px-3 sm:py-3';

/**
 * The members as a table on wider screens and as one card per member on a phone. The table's
 * roles are given explicitly, so screen readers keep reading a table when the cards restyle
 * its rows and cells (CSS display would otherwise drop the table semantics in some browsers).
 */
export function MembersTable({ members, caption }: { members: TierMember[]; caption: string }) {
  return (
    <table role="table" className="block w-full text-sm sm:table">
      <caption className="sr-only">{caption}</caption>
      <thead role="rowgroup" className="sr-only sm:not-sr-only sm:table-header-group">
        <tr role="row" className="border-b border-stone-200">
          {COLUMNS.map((column) => (
            <th
              key={column}
              role="columnheader"
              scope="col"
              className={clsx(
                'px-3 pb-2 text-xs font-medium text-stone-600',
                column === 'Paid to date' ? 'text-right' : 'text-left',
              )}
            >
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody role="rowgroup" className="block space-y-3 sm:table-row-group sm:space-y-0">
        {members.map((m) => (
          <tr
            key={m._id}
            role="row"
            className={clsx(
              'block p-3 rounded-xl border border-stone-200',
              'sm:table-row sm:rounded-none sm:border-0 sm:border-b sm:border-stone-100 sm:p-0 sm:last:border-b-0',
            )}
          >
            <th
              role="rowheader"
              scope="row"
              className={clsx(cell, 'pb-1 text-left text-base font-semibold text-stone-900 sm:text-sm sm:font-medium')}
            >
              <span className="min-w-0 break-words">{m.member.name}</span>
            </th>
            <td role="cell" className={clsx(cell, 'text-stone-700')}>
              <PhoneLabel>Tier</PhoneLabel>
              <span className="min-w-0 text-right break-words sm:text-left">{m.tier.name}</span>
            </td>
            <td role="cell" className={clsx(cell, 'text-stone-700')}>
              <PhoneLabel>Interval</PhoneLabel>
              {m.interval ? BILLING_INTERVAL_LABELS[m.interval] : INTERVAL_COLUMN_TEXT.oneOff}
            </td>
            <td role="cell" className={clsx(cell, 'text-stone-700 tabular-nums')}>
              <PhoneLabel>Start</PhoneLabel>
              {displayDay(m.startDate)}
            </td>
            <td role="cell" className={cell}>
              <PhoneLabel>Status</PhoneLabel>
              <span
                className={clsx(
                  'rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
                  STATUS_TONE[m.status],
                )}
              >
                {memberStatusText(m, displayDay)}
              </span>
              {m.isComplimentary && (
                <span className="ml-1 rounded-full bg-violet-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-violet-800 ring-1 ring-violet-200 ring-inset">
                  Complimentary
                </span>
              )}
              {m.isGift && (
                <span className="ml-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium whitespace-nowrap text-amber-900 ring-1 ring-amber-200 ring-inset">
                  Gift
                </span>
              )}
            </td>
            <td role="cell" className={clsx(cell, 'font-medium text-stone-900 tabular-nums sm:text-right')}>
              <PhoneLabel>Paid to date</PhoneLabel>
              {m.isComplimentary && m.paidToDate === 0
                ? 'Complimentary'
                : m.isGift && m.paidToDate === 0
                  ? 'Gift'
                  : m.isFree && m.paidToDate === 0
                    ? 'Free'
                    : dollarsText(m.paidToDate)}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
