import { addDays } from '../../../common/time';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { HORIZON_DAYS } from './series-plan';
import { seriesBehind } from './series-queries';
import { extendSeries } from './series-service';

export const SERIES_HORIZON_JOB = 'session-series-horizon';
/**
 * Moves every series' horizon forward: makes the occurrences that came within about six months
 * since the last run. Daily; each series is extended in its own transaction, under its lock.
 */
export async function extendSeriesHorizons(ctx: AppContext, now: Date) {
  // a day past the farthest horizon of any zone, so no series that is behind is left out
  const through = addDays(now.toISOString().slice(0, 10), HORIZON_DAYS + 1);
  let made = 0;
  for (const id of await seriesBehind(ctx.db, through)) made += await extendSeries(ctx, id, now);
  return { made };
}

export async function registerSeriesJobs(jobs: JobRunner, ctx: () => AppContext) {
  await jobs.work(SERIES_HORIZON_JOB, () => extendSeriesHorizons(ctx(), new Date()));
  await jobs.schedule(SERIES_HORIZON_JOB, '17 2 * * *');
}
