/**
 * The one job runner for everything scheduled or retried: mails,
 * reminders, digests, clean-ups. Jobs live in the database, so they survive a killed process
 * and every instance on one PostgreSQL database shares them.
 *
 * Delivery is at least once: a job whose process dies while it runs is run again, so a handler
 * must tolerate a second run of the same job (check before acting, or act idempotently).
 */
export type JobRunner = {
  /**
   * Queues a job; answers its id. With a `key`, a second send with the same key and name while
   * the first is queued, running, failed or completed in the last 12 hours does nothing and
   * answers the first job's id.
   */
  send(name: string, data?: object, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for jobs of `name` (may be called before `start`). A throw is a failed try. */
  work<T extends object>(name: string, handler: JobHandler<T>, options?: WorkOptions): Promise<void>;
  /** Sends `name` on a cron schedule, in UTC, once per tick across every instance. */
  schedule(name: string, cron: string, data?: object): Promise<void>;
  /** One job's state, for tests and admin views; null once it has been archived and dropped. */
  getJob(name: string, id: string): Promise<JobSnapshot | null>;
  /** Counts over every queue, for metrics. */
  stats(): Promise<JobStats>;
  start(): Promise<void>;
  /** Stops fetching and waits for running handlers (up to the stop timeout); they are retried later if cut off. */
  stop(): Promise<void>;
};

export type SendOptions = {
  /** idempotency key, per job name */
  key?: string;
  startAfter?: Date;
  /** tries after the first; default 5. A killed process counts as a failed try. */
  retryLimit?: number;
  /** the first retry waits about this long, each later one twice as long (with jitter); default 10 */
  retryDelaySeconds?: number;
  /**
   * How long one try may run before it counts as failed; default 300. On PostgreSQL this is also
   * how long a job of a killed instance waits before another instance runs it again.
   */
  expireInSeconds?: number;
};

export type WorkOptions = {
  /** how many jobs of this name this instance runs at once; default 1 */
  concurrency?: number;
};

export type Job<T extends object = object> = { id: string; name: string; data: T };
export type JobHandler<T extends object = object> = (job: Job<T>) => Promise<unknown>;

export type JobState = 'created' | 'retry' | 'active' | 'completed' | 'cancelled' | 'failed';
export type JobSnapshot = {
  id: string;
  name: string;
  state: JobState;
  /** tries that failed so far (the first try is not a retry) */
  retryCount: number;
  data: object | null;
  /** the handler's answer once completed, or the last error */
  output: unknown;
};

export type JobStats = {
  /** waiting to run, first time or retry */
  queued: number;
  active: number;
  /** gave up after the retry limit (kept for the archive window) */
  failed: number;
};
