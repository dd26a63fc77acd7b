import { lazy, Suspense, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { ArrowDownTrayIcon, ChartBarIcon } from '@heroicons/react/24/outline';
import type { RevenuePeriod } from '@common/payments/schemas';
import { buttonStyles } from '@web/components/button-styles';
import { LoadFailedPanel } from '@web/components/load-failed-panel';
import { Button } from '@web/components/button';
import { downloadCsv, revenueCsvPath } from './api/download-csv';
import { useRevenue } from './api/get-revenue';
import { centsText } from './dollars';
import { MoneyFigures } from './money-figures';
import { PeriodToggle, periodFrom } from './period-toggle';
import { buildRevenueChart } from './revenue-series';
import { RevenueLegend, RevenueTable } from './revenue-summary';

// Recharts is most of this screen's weight: it loads after the first paint.
const RevenueChart = lazy(() => import('./revenue-chart').then((m) => ({ default: m.RevenueChart })));

const PAST: Record<RevenuePeriod, string> = { week: 'the past week', month: 'the past month', year: 'the past year' };

function ChartSkeleton({ label }: { label?: string }) {
  return (
    <div
      role={label ? 'status' : undefined}
      className="h-64 w-full animate-pulse rounded-xl bg-stone-100 motion-reduce:animate-none sm:h-72"
    >
      {label && <span className="sr-only">{label}</span>}
    </div>
  );
}

/** Revenue per tier over the chosen period (?period=week|month|year, default year). */
export function RevenueSection() {
  const [params, setParams] = useSearchParams();
  const period = periodFrom(params.get('period'));
  const revenue = useRevenue(period);
  const chart = useMemo(() => (revenue.data ? buildRevenueChart(revenue.data) : undefined), [revenue.data]);
  // While the next period loads, the last chart stays up, dimmed, so the card does not jump.
  const updating = revenue.isPlaceholderData;
  const shownPeriod = chart?.period ?? period;

  const choose = (next: RevenuePeriod) =>
    setParams(
      (current) => {
        const nextParams = new URLSearchParams(current);
        if (next === 'year') nextParams.delete('period');
        else nextParams.set('period', next);
        return nextParams;
      },
      { replace: true, preventScrollReset: true },
    );

  return (
    <section
      aria-labelledby="revenue-title"
      className="rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h2 id="revenue-title" className="text-lg font-semibold text-stone-900">
            Revenue
          </h2>
          <p className="mt-0.5 text-sm text-stone-600" aria-live="polite">
            {chart && !updating && chart.totalCents > 0 ? (
              <>
                <span className="font-semibold text-stone-900 tabular-nums">{centsText(chart.totalCents)}</span> in{' '}
                {PAST[shownPeriod]}
              </>
            ) : (
              <>By tier, over {PAST[period]}</>
            )}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          <PeriodToggle value={period} onChange={choose} />
          <Button
            variant="secondary"
            size="sm"
            onClick={() => downloadCsv(revenueCsvPath(period), `revenue-${period}.csv`)}
          >
            <ArrowDownTrayIcon className="size-4" aria-hidden="true" />
            Download CSV <span className="sr-only">of the revenue entries in {PAST[period]}</span>
          </Button>
        </div>
      </div>

      <div className="mt-5 grid gap-6 lg:grid-cols-[minmax(0,1fr)_17rem]">
        <section aria-label="Your figures" className="lg:order-last lg:border-l lg:border-stone-200 lg:pl-6">
          <MoneyFigures period={period} />
        </section>
        <div className="min-w-0" aria-busy={revenue.isFetching || undefined}>
          {revenue.isPending ? (
            <ChartSkeleton label="Loading revenue…" />
          ) : revenue.isError || !chart ? (
            <LoadFailedPanel message="We could not load your revenue.">
              <button
                type="button"
                onClick={() => void revenue.refetch()}
                disabled={revenue.isFetching}
                className={buttonStyles({ size: 'sm' })}
              >
                Try again
              </button>
            </LoadFailedPanel>
          ) : chart.totalCents === 0 ? (
            <div className="flex flex-col items-center gap-2 rounded-xl bg-stone-50 px-6 py-12 text-center">
              <span className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">
                <ChartBarIcon className="size-6" aria-hidden="true" />
              </span>
              <p className="text-base font-medium text-stone-800">No revenue in {PAST[shownPeriod]} yet</p>
              <p className="max-w-sm text-sm text-stone-600">
                When members subscribe to a paid tier or buy a course, what they pay shows here, one line per tier.
              </p>
            </div>
          ) : (
            <div className={updating ? 'opacity-60 transition-opacity' : 'transition-opacity'}>
              <Suspense fallback={<ChartSkeleton />}>
                <RevenueChart chart={chart} title={`Revenue per tier in ${PAST[shownPeriod]}`} />
              </Suspense>
              <div className="mt-4">
                <RevenueLegend chart={chart} />
              </div>
              <RevenueTable chart={chart} caption={`Revenue per tier in ${PAST[shownPeriod]}, in US dollars`} />
            </div>
          )}
        </div>
      </div>
    </section>
  );
}
