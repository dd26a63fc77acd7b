import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/**
 * GET app/stripe-billing-portal?rd=subscriptions: the provider's portal, returning here; for one
 * subscription, the portal of the account it is billed on.
 */
export async function getBillingPortal(subscriptionId?: string): Promise<string> {
  const which = subscriptionId ? `&subscription=${encodeURIComponent(subscriptionId)}` : '';
  return UrlAnswer.parse(await api.call(`app/stripe-billing-portal?rd=subscriptions${which}`)).url;
}
