import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/** GET app/stripe-billing-portal?rd=settings (members): the provider's portal, returning here. */
export async function getBillingPortal(): Promise<string> {
  return UrlAnswer.parse(await api.call('app/stripe-billing-portal?rd=settings')).url;
}

/** GET app/link-facilitator-bank-account (facilitators): onboarding, started or resumed. */
export async function getBankLink(): Promise<string> {
  return UrlAnswer.parse(await api.call('app/link-facilitator-bank-account')).url;
}

/** GET app/stripe-login-link (facilitators with a linked account): the provider's dashboard. */
export async function getPayoutLogin(): Promise<string> {
  return UrlAnswer.parse(await api.call('app/stripe-login-link')).url;
}

/** Leaving Tend for the payment provider's pages: a full page load. An object, so tests can watch it. */
export const paymentRedirect = {
  go(url: string) {
    window.location.assign(url);
  },
};
