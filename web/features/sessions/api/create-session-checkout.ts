import { CheckoutUrlAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';

/**
 * POST app/session/create-checkout-session {sessionId} (spec 02 §7): where the hosted checkout
 * for a paid session lives. The provider returns to the result page every checkout shares,
 * /subscription/{sessionId}/success or /cancelled ('Session booked', View session).
 */
export async function createSessionCheckout(sessionId: string): Promise<string> {
  return CheckoutUrlAnswer.parse(await api.call('app/session/create-checkout-session', { sessionId })).url;
}
