/** The words of a tier's series limit for its session credits. */
export const CREDIT_SERIES_TEXTS = {
  legend: 'Sessions the credits book',
  explain: 'Tick series to limit the credits to their sessions. Leave all unticked for any paid session of yours.',
  loading: 'Loading your series…',
  empty: 'You have no repeating series yet, so the credits book any paid session of yours.',
  failed: 'Your series could not be loaded.',
  retry: 'Try again',
  allSessions: 'Credits book any paid session of yours.',
  chosen: (n: number) =>
    n === 1 ? 'Credits book the sessions of 1 series.' : `Credits book the sessions of ${n} series.`,
  until: (lastDate: string) => `until ${lastDate.slice(5, 7)}/${lastDate.slice(8, 10)}/${lastDate.slice(0, 4)}`,
  /** a chosen series the list no longer holds (it was removed) */
  unknown: 'A series no longer offered',
};
