import { queryOptions, useQuery } from '@tanstack/react-query';
import { OwnSeriesListAnswer } from '@common/sessions/series/schemas';
import { api } from '@web/api/client';
import { programKey } from './get-program';

/** GET app/facilitator/session-series: the facilitator's own repeating series, for a tier's credits. */
export async function getOwnSeries() {
  return OwnSeriesListAnswer.parse(await api.call('app/facilitator/session-series'));
}

export const useOwnSeries = () =>
  useQuery(queryOptions({ queryKey: [...programKey, 'own-series'] as const, queryFn: getOwnSeries, retry: false }));
