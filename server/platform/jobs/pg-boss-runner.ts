import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import { databaseNow, failInterruptedJobs } from './interrupted-jobs';
import { jobIdForKey } from './job-key';
import { JOB_SCHEMA } from './job-schema';
import type { JobHandler, JobRunner, JobSnapshot, JobStats, SendOptions, WorkOptions } from './job-runner';
import type { SqlExecutor } from './sql-executor';

/** Timings; the defaults suit production, tests shorten them. */
export type JobRunnerTuning = {
  /** how often an idle worker looks for jobs sent by another instance (local sends wake it at once) */
  pollingIntervalSeconds: number;
  /** how often expired jobs are failed (and so retried) and old ones archived, across instances */
  maintenanceIntervalSeconds: number;
  /** how often one instance checks the schedules for a tick that has come (1-45) */
  cronMonitorIntervalSeconds: number;
  /** how often a tick that has come becomes its job */
  cronWorkerIntervalSeconds: number;
  /** how long `stop()` waits for running handlers */
  stopTimeoutMs: number;
  /** PGlite: jobs left 'active' by a killed process are failed (so retried) at start */
  failInterruptedAtStart: boolean;
};

export const DEFAULT_TUNING: JobRunnerTuning = {
  pollingIntervalSeconds: 2,
  maintenanceIntervalSeconds: 60,
  cronMonitorIntervalSeconds: 30,
  cronWorkerIntervalSeconds: 5,
  stopTimeoutMs: 10_000,
  failInterruptedAtStart: false,
};

/** How long a finished job keeps its key taken (JobRunner.send): pg-boss archives it after this. */
const KEY_WINDOW_SECONDS = 12 * 60 * 60;
// defaults of every job (SendOptions documents them)
const RETRY_LIMIT = 5;
const RETRY_DELAY_SECONDS = 10;
const EXPIRE_IN_SECONDS = 300;

/**
 * pg-boss's own create_queue (what `boss.createQueue` runs), one at a time across instances:
 * two at once deadlock, as each inserts into pgboss.queue and then adds a foreign key to it
 * (seen when two instances start together on a new database).
 */
const CREATE_QUEUE = `
  with one_at_a_time as (select pg_advisory_xact_lock(hashtext('tend.pgboss.create_queue')::bigint))
  select ${JOB_SCHEMA}.create_queue($1, json_build_object('policy', 'standard')) from one_at_a_time`;

/** pg-boss's own queue for cron jobs (its timekeeper's QUEUES.SEND_IT). */
const SEND_IT_QUEUE = '__pgboss__send-it';
const DEADLOCK = '40P01';

/**
 * Creates a queue; pg-boss's clock creates one in start() outside the lock above, and PostgreSQL
 * ends one side of such a deadlock: that side waits a moment and tries again (as it says to).
 */
export async function createQueue(executor: SqlExecutor, name: string, attempts = 5): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await executor.executeSql(CREATE_QUEUE, [name]);
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== DEADLOCK || attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.random() * 200 * attempt));
    }
  }
}

type Registration = { name: string; handler: JobHandler<object>; concurrency: number };
type Schedule = { name: string; cron: string; data: object };

/** JobRunner on pg-boss 10, on PostgreSQL or PGlite alike (the executor is the difference). */
export class PgBossJobRunner implements JobRunner {
  readonly #boss: PgBoss;
  readonly #executor: SqlExecutor;
  readonly #log: FastifyBaseLogger;
  readonly #tuning: JobRunnerTuning;
  // work() and schedule() calls made before start(), applied by it
  readonly #pendingWork: Registration[] = [];
  readonly #pendingSchedules: Schedule[] = [];
  readonly #queues = new Map<string, Promise<void>>();
  /** pg-boss worker ids per job name, woken when this instance sends such a job */
  readonly #workerIds = new Map<string, string[]>();
  readonly #running = new Set<Promise<unknown>>();
  /** pg-boss's queries still out, some of which it does not await (its own completions) */
  readonly #queries = new Set<Promise<unknown>>();
  #starting: Promise<void> | undefined;
  #started = false;

  constructor(executor: SqlExecutor, log: FastifyBaseLogger, tuning: JobRunnerTuning) {
    this.#executor = executor;
    this.#log = log;
    this.#tuning = tuning;
    this.#boss = new PgBoss({
      db: { executeSql: (text, values) => this.#track(executor.executeSql(text, values)) },
      schema: JOB_SCHEMA,
      retryLimit: RETRY_LIMIT,
      retryDelay: RETRY_DELAY_SECONDS,
      retryBackoff: true,
      expireInSeconds: EXPIRE_IN_SECONDS,
      archiveCompletedAfterSeconds: KEY_WINDOW_SECONDS,
      maintenanceIntervalSeconds: tuning.maintenanceIntervalSeconds,
      cronMonitorIntervalSeconds: tuning.cronMonitorIntervalSeconds,
      cronWorkerIntervalSeconds: tuning.cronWorkerIntervalSeconds,
      pollingIntervalSeconds: tuning.pollingIntervalSeconds,
    });
    this.#boss.on('error', (err) => log.error({ err }, `job runner: ${err.message}`));
  }

  start(): Promise<void> {
    this.#starting ??= this.#start();
    return this.#starting;
  }

  async #start() {
    // pg-boss creates or migrates its schema here, under an advisory lock
    const startedAt = this.#tuning.failInterruptedAtStart ? await databaseNow(this.#executor) : undefined;
    await this.#boss.start();
    // pg-boss's clock creates its own queue in start() without our lock: where that lost a deadlock
    // to another instance (its error is swallowed there), the queue is made here
    await this.#ensureQueue(SEND_IT_QUEUE);
    if (startedAt) {
      const interrupted = await failInterruptedJobs(this.#boss, this.#executor, startedAt);
      if (interrupted)
        this.#log.warn(`job runner: ${interrupted} job(s) interrupted by the last shutdown will run again`);
    }
    this.#started = true;
    for (const registration of this.#pendingWork.splice(0)) await this.#addWorkers(registration);
    for (const schedule of this.#pendingSchedules.splice(0)) await this.#applySchedule(schedule);
  }

  async stop() {
    if (!this.#starting) return;
    await this.#starting.catch(() => undefined);
    const deadline = Date.now() + this.#tuning.stopTimeoutMs;
    // pg-boss stops fetching, waits for its running jobs, then fails those still running (so
    // they are retried later)
    await this.#boss.stop({ graceful: true, wait: true, timeout: this.#tuning.stopTimeoutMs });
    await this.#quiet(deadline);
    this.#started = false;
  }

  /**
   * Waits until no handler and no query of pg-boss is running: pg-boss's stop does not count a
   * fetch it has under way (whose job then runs after stop), our completions, or the completions
   * it sends without awaiting them; any of these would otherwise reach a database the app has
   * closed by then.
   */
  async #quiet(deadline: number) {
    for (;;) {
      const pending = new Set([...this.#running, ...this.#queries]);
      if (!pending.size || Date.now() >= deadline) return;
      await settle(pending, deadline - Date.now());
      // what a settled fetch or handler starts next has begun by the next turn of the loop
      await new Promise((resolve) => setImmediate(resolve));
    }
  }

  async send(name: string, data: object = {}, options: SendOptions = {}) {
    await this.#whenStarted();
    await this.#ensureQueue(name);
    const keyId = options.key === undefined ? undefined : jobIdForKey(name, options.key);
    const created = await this.#boss.send(name, data, {
      // pg-boss checks each option it is given, so only set ones are passed
      ...(keyId && { id: keyId, singletonKey: options.key }),
      ...(options.startAfter && { startAfter: options.startAfter }),
      ...(options.retryLimit !== undefined && { retryLimit: options.retryLimit }),
      ...(options.retryDelaySeconds !== undefined && { retryDelay: options.retryDelaySeconds }),
      ...(options.expireInSeconds !== undefined && { expireInSeconds: options.expireInSeconds }),
    });
    if (created && !options.startAfter) this.#wake(name);
    return created ?? keyId ?? null;
  }

  async work<T extends object>(name: string, handler: JobHandler<T>, options: WorkOptions = {}) {
    const registration: Registration = {
      name,
      // the runner hands each handler the data sent under its name
      handler: handler as JobHandler<object>,
      concurrency: Math.max(1, options.concurrency ?? 1),
    };
    if (this.#started) await this.#addWorkers(registration);
    else this.#pendingWork.push(registration);
  }

  async schedule(name: string, cron: string, data: object = {}) {
    if (this.#started) await this.#applySchedule({ name, cron, data });
    else this.#pendingSchedules.push({ name, cron, data });
  }

  async getJob(name: string, id: string): Promise<JobSnapshot | null> {
    await this.#whenStarted();
    const job = await this.#boss.getJobById<object>(name, id, { includeArchive: true });
    if (!job) return null;
    return {
      id: job.id,
      name: job.name,
      state: job.state,
      retryCount: job.retryCount,
      data: job.data,
      output: job.output,
    };
  }

  async stats(): Promise<JobStats> {
    // pg-boss's own cron queue ('__pgboss__send-it') is left out
    const { rows } = await this.#executor.executeSql(
      `select state::text as state, count(*)::int as count from ${JOB_SCHEMA}.job
       where not starts_with(name, '__pgboss__') group by state`,
    );
    const count = (state: string) => Number(rows.find((r) => r.state === state)?.count ?? 0);
    return { queued: count('created') + count('retry'), active: count('active'), failed: count('failed') };
  }

  #track<T>(query: Promise<T>): Promise<T> {
    this.#queries.add(query);
    const forget = () => this.#queries.delete(query);
    query.then(forget, forget);
    return query;
  }

  async #whenStarted() {
    if (!this.#starting) throw new Error('The job runner is not started yet');
    await this.#starting;
  }

  /** pg-boss 10 keeps each job name in a queue (a partition) that must exist before use. */
  #ensureQueue(name: string): Promise<void> {
    let created = this.#queues.get(name);
    if (!created) {
      created = createQueue(this.#executor, name);
      created.catch(() => this.#queues.delete(name));
      this.#queues.set(name, created);
    }
    return created;
  }

  async #addWorkers({ name, handler, concurrency }: Registration) {
    await this.#ensureQueue(name);
    // pg-boss 10 runs one job at a time per worker: concurrency is several workers
    for (let i = 0; i < concurrency; i++) {
      const id = await this.#boss.work<object>(name, { batchSize: 1 }, ([job]) => this.#run(handler, job!));
      this.#workerIds.set(name, [...(this.#workerIds.get(name) ?? []), id]);
    }
  }

  async #run(handler: JobHandler<object>, job: PgBoss.Job<object>) {
    const done = (async () => {
      const output = await handler({ id: job.id, name: job.name, data: job.data });
      // Recorded here, awaited, rather than left to pg-boss after we return: pg-boss does not
      // await that write, so stop() could resolve and the app close the database before it lands,
      // and the finished job would run again after the restart. (pg-boss's own completion then
      // finds the job completed and changes nothing.)
      await this.#boss.complete(job.name, job.id, asOutput(output));
    })();
    this.#running.add(done);
    try {
      await done;
    } catch (err) {
      this.#log.warn(
        { err, job: job.name, jobId: job.id },
        `job ${job.name} failed; it is retried until its retry limit`,
      );
      throw err; // pg-boss fails the try and schedules the retry
    } finally {
      this.#running.delete(done);
      // pg-boss's worker waits for its next poll after a job even when more are queued (a job its
      // schedule made wakes nobody): it looks again at once, so a queue drains without waiting
      // 30 s a job on PGlite
      this.#wake(job.name);
    }
  }

  async #applySchedule({ name, cron, data }: Schedule) {
    await this.#ensureQueue(name);
    await this.#boss.schedule(name, cron, data, { tz: 'UTC' });
  }

  #wake(name: string) {
    for (const id of this.#workerIds.get(name) ?? []) this.#boss.notifyWorker(id);
  }
}

const asOutput = (value: unknown): object =>
  value === undefined || value === null ? {} : typeof value === 'object' ? value : { value };

/** Waits for the promises, but no longer than `ms`. */
async function settle(promises: Set<Promise<unknown>>, ms: number) {
  if (!promises.size || ms <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  await Promise.race([Promise.allSettled([...promises]), timeout]);
  clearTimeout(timer);
}
