/** The practice screens' texts, word for word, shared by pages and tests. */
export const PRACTICE_TEXTS = {
  noDailyPractices:
    "You don't have any daily practices. Explore & subscribe to facilitators to get more daily practice content.",
  noFavourites: 'No favourite practices yet.',
  noPractices: 'No practices yet.',
  noCourses: "You don't have any courses yet.",
  noCourseContent: 'No content released yet.',
} as const;
