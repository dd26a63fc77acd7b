import { useQuery } from '@tanstack/react-query';
import { MyReferralsAnswer } from '@common/referrals/schemas';
import { api } from '@web/api/client';

/** GET app/referrals: my referral link and how many people signed up and paid through it. */
export const useMyReferrals = () =>
  useQuery({
    queryKey: ['referrals'],
    queryFn: async () => MyReferralsAnswer.parse(await api.call('app/referrals')),
  });
