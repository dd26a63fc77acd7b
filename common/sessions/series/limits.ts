/**
 * The most sessions one series may have. A file without imports: the error texts, which every
 * page's JavaScript carries, read it without bringing the recurrence library.
 */
export const SERIES_MAX_OCCURRENCES = 200;
