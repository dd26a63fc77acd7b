import { useQuery } from '@tanstack/react-query';
import { PayoutAccountAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';

/**
 * GET app/payouts/account (facilitators): the payout account read back from the provider, so
 * Settings is right the moment a facilitator returns from onboarding, webhook or not.
 */
export const usePayoutAccount = (enabled: boolean) =>
  useQuery({
    queryKey: ['payout-account'] as const,
    queryFn: async () => PayoutAccountAnswer.parse(await api.call('app/payouts/account')),
    enabled,
    retry: false,
  });
