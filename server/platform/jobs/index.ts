export { createJobRunner } from './create-job-runner';
export type { JobRunner } from './job-runner';
export { registerCleanups } from './cleanups';
