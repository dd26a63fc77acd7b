import { useInfiniteQuery } from '@tanstack/react-query';
import { FacilitatorReferralsAnswer } from '@common/referrals/schemas';
import { api } from '@web/api/client';
import { earningsKey } from './get-revenue';

/** How many referrals one page of the facilitator's list holds. */
export const REFERRALS_PAGE_SIZE = 25;

/** GET app/facilitator/referrals?cursor=&limit=: who brought whom among my members, newest sign-up first. */
export const useMemberReferrals = () =>
  useInfiniteQuery({
    queryKey: [...earningsKey, 'referrals'],
    queryFn: async ({ pageParam }) => {
      const query = new URLSearchParams({ limit: String(REFERRALS_PAGE_SIZE) });
      if (pageParam) query.set('cursor', pageParam);
      return FacilitatorReferralsAnswer.parse(await api.call(`app/facilitator/referrals?${query.toString()}`));
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next,
  });
