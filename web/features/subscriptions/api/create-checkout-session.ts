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
  choice: { interval?: BillingInterval; offer?: string } = {},
): Promise<string> {
  // the price of the interval chosen on the plan card (without one, the plan's default price) and an offer's code
  const params = new URLSearchParams();
  if (choice.interval) params.set('interval', choice.interval);
  if (choice.offer) params.set('offer', choice.offer);
  const query = params.size > 0 ? `?${params}` : '';
  const path = `app/subscribe/${encodeURIComponent(tierId)}/create-checkout-session${query}`;
  return UrlAnswer.parse(await api.call(path, undefined, { idempotencyKey })).url;
}

/** `createCheckoutSession` (with an optional offer code) with one idempotency key per press and its retries. */
export function useCheckoutSession() {
  const intent = useIntentKey();
  return useCallback(
    async (tierId: string, choice: { interval?: BillingInterval; offer?: string } = {}) => {
      const key = `${tierId}-${choice.interval ?? 'default'}:${choice.offer ?? ''}`;
      const url = await createCheckoutSession(tierId, intent.keyFor(key), choice);
      intent.done();
      return url;
    },
    [intent],
  );
}
