import { CartesianGrid, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { axisDollarsText, dollarsText } from './dollars';
import type { RevenueChartData, RevenuePoint } from './revenue-series';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The revenue line chart (Recharts), loaded on its own so the dashboard's first paint stays light.
 * Recharts' accessibility layer lets keyboard users walk the points with the arrow keys; the
 * summary table beside it carries the same numbers for screen readers.
 */
export function RevenueChart({ chart, title }: { chart: RevenueChartData; title: string }) {
  const animate = !prefersReducedMotion();
  // A year has 13 points: dots help; 31 days of dots would only add noise.
  const showDots = chart.points.length <= 14;
  return (
    <LineChart
      responsive
      data={chart.points}
      title={title}
      margin={{ top: 8, right: 12, bottom: 0, left: 0 }}
      className="h-64 w-full sm:h-72"
    >
      <CartesianGrid vertical={false} stroke="#e7e5e4" />
      <XAxis
        dataKey="label"
        tickLine={false}
        axisLine={{ stroke: '#d6d3d1' }}
        tick={{ fill: '#57534e', fontSize: 12 }}
        interval="preserveStartEnd"
        minTickGap={16}
      />
      <YAxis
        tickFormatter={axisDollarsText}
        tickLine={false}
        axisLine={false}
        tick={{ fill: '#57534e', fontSize: 12 }}
        width={56}
        allowDecimals={false}
      />
      <Tooltip
        formatter={(value) => dollarsText(Number(value))}
        contentStyle={{ borderRadius: 8, borderColor: '#e7e5e4', fontSize: 13 }}
        labelStyle={{ color: '#1c1917', fontWeight: 600 }}
      />
      {chart.series.map((series, i) => (
        <Line
          key={series.tierId}
          type="monotone"
          name={series.name}
          dataKey={(point: RevenuePoint) => point.dollars[i]}
          stroke={series.color}
          strokeWidth={2}
          dot={showDots ? { r: 3, fill: series.color, strokeWidth: 0 } : false}
          activeDot={{ r: 5 }}
          isAnimationActive={animate}
        />
      ))}
    </LineChart>
  );
}
