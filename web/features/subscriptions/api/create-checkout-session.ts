import { useCallback } from 'react';
import { UrlAnswer } from '@common/payments/schemas';
import type { BillingInterval } from '@common/tiers/intervals';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';

/**
 * GET app/subscribe/{tierId}/create-checkout-session: where the provider's hosted
 * checkout for a paid tier or course lives (Stripe, or Tend's own test-mode page).
 */
export async function createCheckoutSession(
  tierId: string,
  idempotencyKey?: string,
  interval?: BillingInterval,
): Promise<string> {
  // the price of the interval chosen on the plan card; without one, the plan's default price
  const query = interval ? `?interval=${interval}` : '';
  const path = `app/subscribe/${encodeURIComponent(tierId)}/create-checkout-session${query}`;
  return UrlAnswer.parse(await api.call(path, undefined, { idempotencyKey })).url;
}

/** `createCheckoutSession` with one idempotency key per press and its retries. */
export function useCheckoutSession() {
  const intent = useIntentKey();
  return useCallback(
    async (tierId: string, interval?: BillingInterval) => {
      const url = await createCheckoutSession(tierId, intent.keyFor(`${tierId}-${interval ?? 'default'}`), interval);
      intent.done();
      return url;
    },
    [intent],
  );
}
