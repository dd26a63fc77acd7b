import { EngagementAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { useToggleEngagement } from './toggle-engagement';

/** GET app/complete-content/{id}: toggles done; answers the new engagement record. */
export async function completeContent(contentId: string): Promise<EngagementAnswer> {
  return EngagementAnswer.parse(await api.call(`app/complete-content/${encodeURIComponent(contentId)}`));
}

export const useCompleteContent = () =>
  useToggleEngagement('isComplete', completeContent, 'We could not update this practice. Please try again.');
