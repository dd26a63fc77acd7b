import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/**
 * GET app/subscribe/{tierId}/create-checkout-session (spec 02 §7): where the provider's hosted
 * checkout for a paid tier or course lives (Stripe, or Tend's own test-mode page).
 */
export async function createCheckoutSession(tierId: string): Promise<string> {
  return UrlAnswer.parse(await api.call(`app/subscribe/${encodeURIComponent(tierId)}/create-checkout-session`)).url;
}
