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
  playbackPosition: (contentId: string) => ['practice', 'playback-position', contentId] as const,
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
 * A history page with one item's record changed, if the item is on it (a page holds the records of
 * its own items; a page without one has none, i.e. nothing done yet). The member's total moves by
 * what that record's seconds moved. Other pages are left as they are.
 */
function patchHistoryPage(
  page: HistoryAnswer,
  contentId: string,
  update: (record: EngagementAnswer) => EngagementAnswer,
): HistoryAnswer {
  if (!page.userContentHistory.some((item) => item._id === contentId)) return page;
  const before =
    page.userEngagementHistory.find((record) => record.content === contentId) ?? blankEngagement(contentId);
  const records = upsert(page.userEngagementHistory, contentId, update);
  const after = records.find((record) => record.content === contentId) ?? before;
  const moved = after.totalEngagementSeconds - before.totalEngagementSeconds;
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

/** After a toggle (or reported time) the lists are fetched again. */
export const refreshEngagement = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ predicate: (query) => holdsEngagement(query.queryKey) });
