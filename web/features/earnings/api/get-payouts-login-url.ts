import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/** GET app/stripe-login-link: a one-time link into the provider's payouts dashboard. */
export async function getPayoutsLoginUrl(): Promise<string> {
  return UrlAnswer.parse(await api.call('app/stripe-login-link')).url;
}
