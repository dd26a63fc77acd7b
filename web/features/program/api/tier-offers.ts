import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type CreateOfferRequest, OfferAnswer, OffersAnswer, type UpdateOfferRequest } from '@common/offers/schemas';
import { api } from '@web/api/client';
import { programKey } from './get-program';

const offersKey = (tierId: string) => [...programKey, 'offers', tierId] as const;
const offersPath = (tierId: string) => `app/tier/${encodeURIComponent(tierId)}/offers`;

/** GET app/tier/{id}/offers: the tier's offers, newest first, with redemptions and revenue. */
export const useTierOffers = (tierId: string) =>
  useQuery(
    queryOptions({
      queryKey: offersKey(tierId),
      queryFn: async () => OffersAnswer.parse(await api.call(offersPath(tierId))).offers,
      retry: false,
    }),
  );

/** POST app/tier/{id}/offers. */
export function useCreateOffer(tierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: CreateOfferRequest) => OfferAnswer.parse(await api.call(offersPath(tierId), input)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey(tierId) }),
  });
}

/** PUT app/tier/{id}/offers/{offerId}: its end and its limit. */
export function useUpdateOffer(tierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ offerId, ...input }: UpdateOfferRequest & { offerId: string }) =>
      OfferAnswer.parse(
        await api.call(`${offersPath(tierId)}/${encodeURIComponent(offerId)}`, input, { method: 'PUT' }),
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey(tierId) }),
  });
}

/** POST app/tier/{id}/offers/{offerId}/archive. */
export function useArchiveOffer(tierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (offerId: string) =>
      OfferAnswer.parse(await api.call(`${offersPath(tierId)}/${encodeURIComponent(offerId)}/archive`, {})),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: offersKey(tierId) }),
  });
}
