import { useToggleEngagement } from './toggle-engagement';

/**
 * GET app/complete-content/{id}?value=: sets done as the member chose, through the offline queue
 * (sent at once when online, with an Idempotency-Key; kept and sent later when not).
 */
export const useCompleteContent = () =>
  useToggleEngagement('isComplete', 'We could not update this practice. Please try again.');
