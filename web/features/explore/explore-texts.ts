/** The Explore screen's sentences, in one place (tests find elements by them). */
export const EXPLORE_TEXTS = {
  title: 'Explore',
  intro: 'Find a facilitator whose practice speaks to you, then open their profile to see their programs.',
  searchLabel: 'Search facilitators',
  searchPlaceholder: 'Search by name, category, bio or program',
  clearSearch: 'Clear search',
  listLabel: 'Facilitators',
  loading: 'Loading facilitators…',
  empty: 'No facilitators yet.',
  emptyHint: 'Facilitators appear here once they join Tend. Check back soon.',
  noMatch: (search: string) => `No facilitators match "${search}".`,
  noMatchHint: 'Try a shorter word, a name, or a practice such as yoga or breathwork.',
  loadFailed: 'We could not load the facilitators.',
  moreFailed: 'More facilitators could not be loaded.',
  loadMore: 'Load more',
  tryAgain: 'Try again',
} as const;
