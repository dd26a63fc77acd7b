import { useQuery } from '@tanstack/react-query';
import { CheckoutResultAnswer } from '@common/payments/checkout-result';
import { api } from '@web/api/client';
import { CONFIRMATION_POLL_MS, CONFIRMATION_POLLS } from './get-subscription';
import { subscriptionKeys } from './subscription-keys';

/** GET app/checkout-result/{ref}?checkout={id}: what a checkout bought and whether it is held yet; 404 when unknown. */
export async function getCheckoutResult(ref: string, checkout: string | null): Promise<CheckoutResultAnswer> {
  const query = checkout ? `?checkout=${encodeURIComponent(checkout)}` : '';
  return CheckoutResultAnswer.parse(await api.call(`app/checkout-result/${encodeURIComponent(ref)}${query}`));
}

/**
 * The result page's facts. After a successful checkout the payment event may trail the redirect:
 * `awaitConfirmation` asks again every second, about ten times, until the purchase is held.
 */
export function useCheckoutResult(ref: string, checkout: string | null, { awaitConfirmation = false } = {}) {
  return useQuery({
    queryKey: [...subscriptionKeys.all, 'checkout-result', ref, checkout] as const,
    queryFn: () => getCheckoutResult(ref, checkout),
    retry: false,
    refetchInterval: (query) =>
      awaitConfirmation &&
      query.state.data &&
      !query.state.data.owned &&
      query.state.data.checkout !== 'refunded' &&
      query.state.dataUpdateCount < CONFIRMATION_POLLS
        ? CONFIRMATION_POLL_MS
        : false,
  });
}
