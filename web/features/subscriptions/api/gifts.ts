import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BoughtGiftAnswer,
  BoughtGiftsAnswer,
  type BuyGiftRequest,
  GiftClaimAnswer,
  GiftViewAnswer,
} from '@common/gifts/schemas';
import { UrlAnswer } from '@common/payments/schemas';
import { api } from '@web/api/client';
import { useIntentKey } from '@web/api/idempotency-key';
import { subscriptionKeys } from './subscription-keys';

const boughtKey = ['gifts', 'bought'] as const;

/** POST app/tier/{id}/gifts: the gift's one payment; answers the hosted checkout's address. */
export function useBuyGift(tierId: string) {
  const intent = useIntentKey();
  return useMutation({
    mutationFn: async (input: BuyGiftRequest) => {
      const path = `app/tier/${encodeURIComponent(tierId)}/gifts`;
      const url = UrlAnswer.parse(await api.call(path, input, { idempotencyKey: intent.keyFor(tierId) })).url;
      intent.done();
      return url;
    },
  });
}

/** GET app/gifts: the gifts I bought, newest first. */
export const useBoughtGifts = () =>
  useQuery(
    queryOptions({
      queryKey: boughtKey,
      queryFn: async () => BoughtGiftsAnswer.parse(await api.call('app/gifts')).gifts,
    }),
  );

/** POST app/gifts/{id}/resend, or app/gifts/{id}/recipient with a new address. */
export function useChangeGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, recipientEmail }: { id: string; recipientEmail?: string }) => {
      const path = `app/gifts/${encodeURIComponent(id)}/${recipientEmail === undefined ? 'resend' : 'recipient'}`;
      return BoughtGiftAnswer.parse(await api.call(path, recipientEmail === undefined ? {} : { recipientEmail }));
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: boughtKey }),
  });
}

/** POST gifts/view: the gift behind a claim link (public). */
export const useGiftView = (token: string) =>
  useQuery(
    queryOptions({
      queryKey: ['gifts', 'view', token],
      queryFn: async () => GiftViewAnswer.parse(await api.call('gifts/view', { token })),
      retry: false,
    }),
  );

/** POST app/gifts/claim. */
export function useClaimGift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string) => GiftClaimAnswer.parse(await api.call('app/gifts/claim', { token })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: subscriptionKeys.all }),
  });
}
