import { queryOptions, useQuery } from '@tanstack/react-query';
import { OfferLookupAnswer } from '@common/offers/schemas';
import { api } from '@web/api/client';
import { subscriptionKeys } from './subscription-keys';

export const offerKey = (facilitatorId: string, code: string) =>
  [...subscriptionKeys.facilitatorTiers(facilitatorId), 'offer', code.toLowerCase()] as const;

/** GET offers/{facilitatorId}/{code}: what the code gives on this facilitator's plans, or why not. */
export const useOfferLookup = (facilitatorId: string, code: string | undefined) =>
  useQuery(
    queryOptions({
      queryKey: offerKey(facilitatorId, code ?? ''),
      queryFn: async () =>
        OfferLookupAnswer.parse(
          await api.call(`offers/${encodeURIComponent(facilitatorId)}/${encodeURIComponent(code ?? '')}`),
        ),
      enabled: Boolean(code),
      retry: false,
    }),
  );
