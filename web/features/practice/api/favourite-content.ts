import { EngagementAnswer } from '@common/practice/schemas';
import { api } from '@web/api/client';
import { useToggleEngagement } from './toggle-engagement';

/** GET app/favourite-content/{id}: toggles favourite; answers the new engagement record. */
export async function favouriteContent(contentId: string): Promise<EngagementAnswer> {
  return EngagementAnswer.parse(await api.call(`app/favourite-content/${encodeURIComponent(contentId)}`));
}

export const useFavouriteContent = () =>
  useToggleEngagement('isFavourite', favouriteContent, 'We could not update your favourites. Please try again.');
