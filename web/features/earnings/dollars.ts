import { centsToDollars, formatUsd } from '@common/money';

const whole = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
  maximumFractionDigits: 0,
});
const compact = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
  notation: 'compact',
  maximumFractionDigits: 1,
});

/** '$1,234' for whole dollars, '$12.50' otherwise (cents / 100, USD). */
export const dollarsText = formatUsd;

export const centsText = (cents: number) => dollarsText(centsToDollars(cents));

/** Y-axis ticks stay short on a phone: '$0', '$40', '$1.2K'. */
export const axisDollarsText = (dollars: number) => (Math.abs(dollars) >= 1000 ? compact : whole).format(dollars);
