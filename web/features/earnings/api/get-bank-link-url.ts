import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/** GET app/link-facilitator-bank-account: where the provider's onboarding starts or resumes. */
export async function getBankLinkUrl(): Promise<string> {
  return UrlAnswer.parse(await api.call('app/link-facilitator-bank-account')).url;
}
