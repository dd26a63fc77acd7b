/** The tier form's price editor: a subscription's prices, one per interval, one the default. */
export const TIER_PRICES_TEXTS = {
  legend: 'Prices',
  hint: 'Offer a price per billing interval and choose the default (the one plans show first). A price members are on keeps its amount; you can add another interval any time.',
  offer: { week: 'Offer weekly', month: 'Offer monthly', year: 'Offer yearly' },
  amount: { week: 'Weekly price (USD)', month: 'Monthly price (USD)', year: 'Yearly price (USD)' },
  isDefault: { week: 'Weekly is the default', month: 'Monthly is the default', year: 'Yearly is the default' },
  save: (percent: number) => `Saves ${percent}% against the default`,
  defaultName: 'Default price',
  typeFixed: 'The type cannot be changed after the tier is created.',
  noneOffered: 'Offer at least one price.',
} as const;
