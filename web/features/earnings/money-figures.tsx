import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { MoneySummaryAnswer } from '@common/payments/money-schemas';
import type { RevenuePeriod } from '@common/payments/schemas';
import { Button } from '@web/components/button';
import { useMoneySummary } from './api/get-money-summary';
import { dollarsText } from './dollars';

const count = new Intl.NumberFormat('en-GB');
const percent = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 2 });

/** 'In the past month', as the figures' second heading. */
export const IN_THE_PAST: Record<RevenuePeriod, string> = {
  week: 'In the past week',
  month: 'In the past month',
  year: 'In the past year',
};

function Figure({ label, value, note }: { label: string; value: string; note?: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-stone-600">{label}</dt>
      <dd className="mt-0.5 text-lg font-semibold text-stone-900 tabular-nums">{value}</dd>
      {note && <dd className="text-xs text-stone-600">{note}</dd>}
    </div>
  );
}

function FigureGroup({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div>
      <h3 className="text-xs font-semibold tracking-wide text-stone-500 uppercase">{title}</h3>
      <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-3">{children}</dl>
    </div>
  );
}

/** The figures themselves, for a loaded summary. */
export function MoneyFigureList({ money }: { money: MoneySummaryAnswer }) {
  const reversed = money.refunds + money.disputes;
  return (
    <div className="space-y-5">
      <FigureGroup title="Now">
        <Figure label="MRR" value={dollarsText(money.mrr)} note="a month, from running plans" />
        <Figure
          label="Active paying members"
          value={count.format(money.activePayingMembers)}
          note={money.trialing > 0 ? `and ${count.format(money.trialing)} in a free trial` : undefined}
        />
      </FigureGroup>
      <FigureGroup title={IN_THE_PAST[money.period]}>
        <Figure label="New" value={count.format(money.newSubscriptions)} note="subscriptions" />
        <Figure
          label="Cancelled"
          value={count.format(money.cancelledSubscriptions)}
          note={
            money.endingSubscriptions > 0
              ? `${count.format(money.endingSubscriptions)} more ending soon`
              : 'subscriptions ended'
          }
        />
        {money.trialStarts !== undefined && (
          <Figure label="Trials started" value={count.format(money.trialStarts)} note="free trials" />
        )}
        {money.trialConversions !== undefined && (
          <Figure label="Trials converted" value={count.format(money.trialConversions)} note="now paying" />
        )}
        <Figure
          label="Refunds"
          value={dollarsText(reversed)}
          note={money.disputes > 0 ? `${dollarsText(money.disputes)} of it lost to disputes` : undefined}
        />
        <Figure
          label="Net after fee"
          value={dollarsText(money.net)}
          note={
            `${dollarsText(money.gross)} paid, ` +
            `${dollarsText(money.fees)} fee (${percent.format(money.feePercent)}%)`
          }
        />
      </FigureGroup>
    </div>
  );
}

/**
 * MRR, paying members and the period's money, beside the chart. Follows the chart's
 * period toggle; the last period's figures stay, dimmed, while the next ones load.
 */
export function MoneyFigures({ period }: { period: RevenuePeriod }) {
  const money = useMoneySummary(period);
  if (money.isPending) {
    return (
      <div role="status" className="grid animate-pulse grid-cols-2 gap-4 motion-reduce:animate-none">
        <span className="sr-only">Loading your figures…</span>
        {[0, 1, 2, 3, 4, 5].map((i) => (
          <div key={i} aria-hidden="true" className="h-12 rounded-lg bg-stone-100" />
        ))}
      </div>
    );
  }
  if (money.isError) {
    return (
      <div role="alert" className="rounded-xl bg-stone-50 p-4 text-sm text-stone-700">
        <p>We could not load your figures.</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => money.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return (
    <div
      aria-busy={money.isFetching || undefined}
      className={clsx('transition-opacity', money.isPlaceholderData && 'opacity-60')}
    >
      <MoneyFigureList money={money.data} />
    </div>
  );
}
