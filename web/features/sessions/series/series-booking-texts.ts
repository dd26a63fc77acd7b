import { formatUsd } from '@common/money';

/** What booking a whole series says, in the session dialog and the series editor. */
export const SERIES_BOOKING_TEXTS = {
  bookAll: (remaining: number, price: number) =>
    `Book all ${remaining} remaining session${remaining === 1 ? '' : 's'}${price > 0 ? ` · ${formatUsd(price)}` : ''}`,
  bookAllHint: (remaining: number) => `One booking for every session of this series still to come (${remaining}).`,
  loading: 'Checking the series…',
  loadFailed: 'We could not load this series’ booking.',
  bookedToast: (name: string, places: number) => `You're booked into all ${places} sessions of ${name}`,
  partOfSeries: 'Booked as part of the series',
  heldPaying: 'Your places in this series are held while you pay.',
  addSeriesToCalendar: 'Add the series to calendar',
  cancelSeries: 'Cancel the whole series',
  keepSeries: 'Keep the series',
  cancelSeriesOutcome: (paid: boolean, hours: number) =>
    paid
      ? `Every remaining session is cancelled. Sessions at least ${hours} hour${hours === 1 ? '' : 's'} away are refunded their share of your payment; sooner ones are not.`
      : 'Every remaining session is cancelled and your places are given to others.',
  seriesCancelledToast: (refunded: number) =>
    refunded > 0
      ? `Your series booking is cancelled; ${formatUsd(refunded)} refunded`
      : 'Your series booking is cancelled',
  // the series editor
  settingsLegend: 'Booking the whole series',
  allow: 'Members may book every remaining session at once',
  payment: 'How a paid series is paid',
  perOccurrence: 'Each session on its own',
  wholeSeries: 'One payment for every remaining session',
  seriesPrice: 'Series price (dollars)',
  seriesPriceHint: 'Leave empty to charge the sum of the remaining sessions’ prices.',
} as const;
