import { useMutation, useQuery } from '@tanstack/react-query';
import {
  StripeImportPreviewAnswer,
  StripeImportRunAnswer,
  type StripePriceMappings,
} from '@common/imports/stripe-import-schemas';
import { api } from '@web/api/client';

const stripeImportKey = ['imports', 'stripe'] as const;

/** GET app/facilitator/imports/stripe/preview: what bringing my Stripe subscribers over would do. */
export async function getStripeImportPreview(): Promise<StripeImportPreviewAnswer> {
  return StripeImportPreviewAnswer.parse(await api.call('app/facilitator/imports/stripe/preview'));
}

export const useStripeImportPreview = () =>
  useQuery({ queryKey: [...stripeImportKey, 'preview'], queryFn: getStripeImportPreview, retry: false });

/** POST app/facilitator/imports/stripe {mappings}: bring them over, my price → plan choices applied. */
export async function runStripeImport(mappings: StripePriceMappings): Promise<StripeImportRunAnswer> {
  return StripeImportRunAnswer.parse(await api.call('app/facilitator/imports/stripe', { mappings }));
}

export const useRunStripeImport = () => useMutation({ mutationFn: runStripeImport });
