export { createJobRunner } from './create-job-runner';
export type { JobRunnerTuning } from './pg-boss-runner';
export type {
  Job,
  JobHandler,
  JobRunner,
  JobSnapshot,
  JobState,
  JobStats,
  SendOptions,
  WorkOptions,
} from './job-runner';
export { registerCleanups } from './cleanups';
