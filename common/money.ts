/** Money is stored as integer cents; tier and session prices travel as dollars. */
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100);
export const centsToDollars = (cents: number) => cents / 100;

/** USD for display, en-GB number style. */
export function formatUsd(dollars: number) {
  return new Intl.NumberFormat('en-GB', {
    style: 'currency',
    currency: 'USD',
    // '$12', not en-GB's default 'US$12'
    currencyDisplay: 'narrowSymbol',
    minimumFractionDigits: Number.isInteger(dollars) ? 0 : 2,
  }).format(dollars);
}
