import { CheckoutUrlAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';

/**
 * POST app/session/create-checkout-session {sessionId} (spec 02 §7): where the hosted checkout
 * for a paid session lives. The provider returns to /profile/{facilitatorId}?session_booked={id}
 * or ?session_cancelled={id}.
 */
export async function createSessionCheckout(sessionId: string): Promise<string> {
  return CheckoutUrlAnswer.parse(await api.call('app/session/create-checkout-session', { sessionId })).url;
}
