import { queryOptions, useQuery } from '@tanstack/react-query';
import { SeriesAnswer } from '@common/sessions/series/schemas';
import { api } from '@web/api/client';
import { sessionsKey } from '../../api/session-keys';

/** A series' key sits under `sessionsKey`, so saving any session refreshes it too. */
export const seriesKey = (seriesId: string) => [...sessionsKey, 'series', seriesId] as const;

/** GET app/facilitator/session-series/{id}: the rule, template and occurrences (its facilitator only). */
export async function getSeries(seriesId: string): Promise<SeriesAnswer> {
  return SeriesAnswer.parse(await api.call(`app/facilitator/session-series/${encodeURIComponent(seriesId)}`));
}

export const useSeries = (seriesId: string | undefined) =>
  useQuery({
    ...queryOptions({ queryKey: seriesKey(seriesId ?? ''), queryFn: () => getSeries(seriesId!) }),
    enabled: Boolean(seriesId),
  });
