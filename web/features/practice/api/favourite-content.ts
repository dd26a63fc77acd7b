import { useToggleEngagement } from './toggle-engagement';

/**
 * GET app/favourite-content/{id}?value=: sets favourite as the member chose, through the offline
 * queue (sent at once when online, with an Idempotency-Key; kept and sent later when not).
 */
export const useFavouriteContent = () =>
  useToggleEngagement('isFavourite', 'We could not update your favourites. Please try again.');
