import type { EngagementAnswer } from '@common/practice/schemas';

export type EngagementByContent = Map<string, EngagementAnswer>;

export const engagementByContent = (records: EngagementAnswer[]): EngagementByContent =>
  new Map(records.map((record) => [record.content, record]));

/** How many of these items are done (the 'Tasks Completed' numerator). */
export const countCompleted = (contentIds: string[], engagement: EngagementByContent) =>
  contentIds.filter((id) => engagement.get(id)?.isComplete).length;
