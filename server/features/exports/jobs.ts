import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { deleteExpiredExports, EXPORT_CLEANUP_JOB, EXPORT_JOB, runExport } from './service';

/** The export job (one archive per job) and the hourly deletion of expired archives. */
export async function registerExportJobs(jobs: JobRunner, ctx: () => AppContext) {
  await jobs.work<{ exportId: string }>(EXPORT_JOB, (job) => runExport(ctx(), job.data.exportId));
  await jobs.work(EXPORT_CLEANUP_JOB, () => deleteExpiredExports(ctx()));
  await jobs.schedule(EXPORT_CLEANUP_JOB, '17 * * * *');
}
