import pino from 'pino';
import type { JobRunnerTuning } from '../pg-boss-runner';

/** Short timings so a test sees retries, expiries and schedules within seconds. */
export const FAST: Partial<JobRunnerTuning> = {
  pollingIntervalSeconds: 0.5,
  maintenanceIntervalSeconds: 1,
  cronMonitorIntervalSeconds: 1,
  cronWorkerIntervalSeconds: 1,
  stopTimeoutMs: 3_000,
};

export const silentLog = pino({ level: 'silent' });
