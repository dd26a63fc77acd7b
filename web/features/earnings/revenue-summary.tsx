import { centsToDollars } from '@common/money';
import { centsText, dollarsText } from './dollars';
import type { RevenueChartData } from './revenue-series';

/** The chart's legend: each tier's colour, name and total for the period. */
export function RevenueLegend({ chart }: { chart: RevenueChartData }) {
  return (
    <ul aria-label="Tiers in the chart" className="flex flex-wrap gap-x-5 gap-y-2 text-sm">
      {chart.series.map((series) => (
        <li key={series.tierId} className="flex min-w-0 items-center gap-2">
          <span
            aria-hidden="true"
            className="h-1 w-4 shrink-0 rounded-full"
            style={{ backgroundColor: series.color }}
          />
          <span className="truncate text-stone-700">{series.name}</span>
          <span className="font-medium text-stone-900 tabular-nums">{centsText(series.totalCents)}</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The chart as a table for screen readers: each bucket with revenue, what each tier earned in it,
 * and the totals. Buckets with no revenue are left out so the table stays short to listen to.
 */
export function RevenueTable({ chart, caption }: { chart: RevenueChartData; caption: string }) {
  const rows = chart.points.filter((point) => point.dollars.some((d) => d > 0));
  return (
    // sr-only on a wrapper: a table grows to fit its cells whatever width it is given.
    <div className="sr-only">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{chart.period === 'year' ? 'Month' : 'Day'}</th>
            {chart.series.map((series) => (
              <th key={series.tierId} scope="col">
                {series.name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((point) => (
            <tr key={point.date}>
              <th scope="row">{point.label}</th>
              {point.dollars.map((dollars, i) => (
                <td key={chart.series[i].tierId}>{dollarsText(dollars)}</td>
              ))}
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">Total</th>
            {chart.series.map((series) => (
              <td key={series.tierId}>{dollarsText(centsToDollars(series.totalCents))}</td>
            ))}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
