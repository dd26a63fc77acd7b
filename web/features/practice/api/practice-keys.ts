import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { CourseAnswer, EngagementAnswer, HistoryAnswer, TodayAnswer } from '@common/practice/schemas';

/** Query keys of the practice screens; every list that carries engagement records sits under one of them. */
export const practiceKeys = {
  all: ['practice'] as const,
  today: ['practice', 'today'] as const,
  history: ['practice', 'history'] as const,
  past: (favourites: boolean) => ['practice', 'past', favourites ? 'favourites' : 'all'] as const,
  courses: ['practice', 'courses'] as const,
  course: (id: string) => ['practice', 'course', id] as const,
  journal: (contentId: string) => ['practice', 'journal', contentId] as const,
};

const ENGAGEMENT_LISTS = new Set(['today', 'history', 'past', 'course']);

/** The queries whose answers hold engagement records (today, history, past-practice pages, any course). */
export const holdsEngagement = (key: QueryKey) => key[0] === 'practice' && ENGAGEMENT_LISTS.has(String(key[1]));

const blankEngagement = (content: string): EngagementAnswer => ({
  content,
  isComplete: false,
  isFavourite: false,
  totalEngagementSeconds: 0,
});

function upsert(list: EngagementAnswer[], contentId: string, update: (record: EngagementAnswer) => EngagementAnswer) {
  const found = list.some((record) => record.content === contentId);
  if (!found) return [...list, update(blankEngagement(contentId))];
  return list.map((record) => (record.content === contentId ? update(record) : record));
}

/**
 * A history page with one item's record changed. The member's total moves by what that record's
 * seconds moved; a record the page did not hold leaves it (its seconds before are not known here,
 * and the lists are fetched again after every change: refreshEngagement).
 */
function patchHistoryPage(
  page: HistoryAnswer,
  contentId: string,
  update: (record: EngagementAnswer) => EngagementAnswer,
): HistoryAnswer {
  const before = page.userEngagementHistory.find((record) => record.content === contentId);
  const records = upsert(page.userEngagementHistory, contentId, update);
  const after = records.find((record) => record.content === contentId);
  const moved = before && after ? after.totalEngagementSeconds - before.totalEngagementSeconds : 0;
  return { ...page, userEngagementHistory: records, totalEngagementSeconds: page.totalEngagementSeconds + moved };
}

/** Changes one content item's engagement record in every cached list, so all screens agree at once. */
export function patchEngagement(
  queryClient: QueryClient,
  contentId: string,
  update: (record: EngagementAnswer) => EngagementAnswer,
) {
  queryClient.setQueriesData<TodayAnswer>(
    { queryKey: practiceKeys.today },
    (answer) => answer && { ...answer, allEngagedContent: upsert(answer.allEngagedContent, contentId, update) },
  );
  queryClient.setQueriesData<HistoryAnswer>(
    { queryKey: practiceKeys.history },
    (answer) => answer && patchHistoryPage(answer, contentId, update),
  );
  queryClient.setQueriesData<InfiniteData<HistoryAnswer>>(
    { queryKey: [...practiceKeys.all, 'past'] },
    (answer) => answer && { ...answer, pages: answer.pages.map((page) => patchHistoryPage(page, contentId, update)) },
  );
  queryClient.setQueriesData<CourseAnswer>(
    { queryKey: [...practiceKeys.all, 'course'] },
    (answer) => answer && { ...answer, userEngagementHistory: upsert(answer.userEngagementHistory, contentId, update) },
  );
}

/** spec 02 §4: after a toggle (or reported time) the lists are fetched again. */
export const refreshEngagement = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => holdsEngagement(query.queryKey) });
