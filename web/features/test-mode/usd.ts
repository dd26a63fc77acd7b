import { centsToDollars } from '@common/money';

const usd = new Intl.NumberFormat('en-GB', {
  style: 'currency',
  currency: 'USD',
  currencyDisplay: 'narrowSymbol',
  minimumFractionDigits: 2,
});

/** A checkout amount as a payment page shows it: '$12.00' (USD, cents / 100). */
export const usdText = (cents: number) => usd.format(centsToDollars(cents));
