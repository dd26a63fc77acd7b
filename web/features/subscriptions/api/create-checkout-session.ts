import { useCallback } from 'react';
import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';

/**
 * GET app/subscribe/{tierId}/create-checkout-session: where the provider's hosted
 * checkout for a paid tier or course lives (Stripe, or Tend's own test-mode page).
 */
export async function createCheckoutSession(tierId: string, idempotencyKey?: string, offer?: string): Promise<string> {
  const query = offer ? `?offer=${encodeURIComponent(offer)}` : '';
  const path = `app/subscribe/${encodeURIComponent(tierId)}/create-checkout-session${query}`;
  return UrlAnswer.parse(await api.call(path, undefined, { idempotencyKey })).url;
}

/** `createCheckoutSession` (with an optional offer code) with one idempotency key per press and its retries. */
export function useCheckoutSession() {
  const intent = useIntentKey();
  return useCallback(
    async (tierId: string, offer?: string) => {
      const url = await createCheckoutSession(tierId, intent.keyFor(`${tierId}:${offer ?? ''}`), offer);
      intent.done();
      return url;
    },
    [intent],
  );
}
