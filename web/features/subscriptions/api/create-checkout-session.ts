import { useCallback } from 'react';
import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';

/**
 * GET app/subscribe/{tierId}/create-checkout-session: where the provider's hosted
 * checkout for a paid tier or course lives (Stripe, or Tend's own test-mode page).
 */
export async function createCheckoutSession(tierId: string, idempotencyKey?: string): Promise<string> {
  const path = `app/subscribe/${encodeURIComponent(tierId)}/create-checkout-session`;
  return UrlAnswer.parse(await api.call(path, undefined, { idempotencyKey })).url;
}

/** `createCheckoutSession` with one idempotency key per press and its retries. */
export function useCheckoutSession() {
  const intent = useIntentKey();
  return useCallback(
    async (tierId: string) => {
      const url = await createCheckoutSession(tierId, intent.keyFor(tierId));
      intent.done();
      return url;
    },
    [intent],
  );
}
