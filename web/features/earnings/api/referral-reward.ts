import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ReferralRewardAnswer } from '@common/referrals/schemas';
import { api } from '@web/api/client';
import { earningsKey } from './get-revenue';

const rewardKey = [...earningsKey, 'referral-reward'] as const;
const rewardPath = 'app/facilitator/referral-reward';

/** GET app/facilitator/referral-reward: the offer granted to referrers (or none) and my active offers. */
export const useReferralReward = () =>
  useQuery({
    queryKey: rewardKey,
    queryFn: async () => ReferralRewardAnswer.parse(await api.call(rewardPath)),
    retry: false,
  });

/** PUT app/facilitator/referral-reward: one of my active offers, or null for none. */
export function useChooseReferralReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: string | null) =>
      ReferralRewardAnswer.parse(await api.call(rewardPath, { offerId }, { method: 'PUT' })),
    onSuccess: (answer) => queryClient.setQueryData(rewardKey, answer),
  });
}
