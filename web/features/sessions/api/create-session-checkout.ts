import { useCallback } from 'react';
import { CheckoutUrlAnswer } from '@common/sessions/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';

/**
 * POST app/session/create-checkout-session {sessionId}: where the hosted checkout
 * for a paid session lives. The provider returns to the result page every checkout shares,
 * /subscription/{sessionId}/success or /cancelled ('Session booked', View session).
 */
export async function createSessionCheckout(sessionId: string, idempotencyKey?: string): Promise<string> {
  const answer = await api.call('app/session/create-checkout-session', { sessionId }, { idempotencyKey });
  return CheckoutUrlAnswer.parse(answer).url;
}

/** `createSessionCheckout` with one idempotency key per Book press and its retries. */
export function useSessionCheckout() {
  const intent = useIntentKey();
  return useCallback(
    async (sessionId: string) => {
      const url = await createSessionCheckout(sessionId, intent.keyFor(sessionId));
      intent.done();
      return url;
    },
    [intent],
  );
}
