import { useMutation, useQueryClient } from '@tanstack/react-query';
import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { testCheckoutKey } from './get-test-checkout';

/** POST test-mode/checkout/{id}/pay: completes the checkout; answers the success URL to go to. */
export async function payTestCheckout(id: string): Promise<string> {
  return UrlAnswer.parse(await api.call(`test-mode/checkout/${encodeURIComponent(id)}/pay`, {})).url;
}

/**
 * Like a hosted checkout, a successful payment leaves for the success URL with a full page load,
 * so the app starts again from the server's new state.
 */
export function usePayTestCheckout(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => payTestCheckout(id),
    onSuccess: (url) => window.location.assign(url),
    // e.g. paid in another tab meanwhile: show the checkout as it now stands
    onError: () => queryClient.invalidateQueries({ queryKey: testCheckoutKey(id) }),
  });
}
