import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/** GET app/stripe-billing-portal?rd=subscriptions: the provider's portal, returning here. */
export async function getBillingPortal(): Promise<string> {
  return UrlAnswer.parse(await api.call('app/stripe-billing-portal?rd=subscriptions')).url;
}
