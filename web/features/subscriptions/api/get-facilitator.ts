import { queryOptions, useQuery } from '@tanstack/react-query';
import { PublicProfileAnswer } from '@common/profiles/schemas';
import { api } from '@web/api/client';
import { subscriptionKeys } from './subscription-keys';

/** GET app/facilitator/{id} (spec 02 §7 Profile): what anyone may see of a facilitator; 404 otherwise. */
export async function getFacilitator(id: string): Promise<PublicProfileAnswer> {
  return PublicProfileAnswer.parse(await api.call(`app/facilitator/${encodeURIComponent(id)}`));
}

export const facilitatorQueryOptions = (id: string) =>
  queryOptions({ queryKey: subscriptionKeys.facilitator(id), queryFn: () => getFacilitator(id) });

export const useFacilitator = (id: string) => useQuery(facilitatorQueryOptions(id));
