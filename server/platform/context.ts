import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle } from '../db/client';
import type { User } from '../db/schema';
import type { Mailer } from './mail';
import type { RateLimiter } from './rate-limit';
import type { ObjectStorage } from './storage';
import type { PaymentProvider } from './payments/provider';
import type { LiveHub } from './realtime';
import type { InstanceRegistry } from './instances';
import type { JobRunner } from './jobs';

/** What every feature's service receives: the shared resources of one app instance. */
export type AppContext = {
  /** the configuration, with the app secret resolved (platform/app-secret.ts) */
  config: Config & { appSecret: string };
  db: Database;
  database: DatabaseHandle;
  mailer: Mailer;
  limiter: RateLimiter;
  storage: ObjectStorage;
  payments: PaymentProvider;
  /** open websockets and the cross-instance signal channel */
  live: LiveHub;
  /** scheduled and retried work, kept in the database (platform/jobs) */
  jobs: JobRunner;
  /** this instance's row in server_instances, and the others beside it */
  instances: InstanceRegistry;
  log: FastifyBaseLogger;
};

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
  interface FastifyRequest {
    /** The signed-in user, resolved from the Bearer token; null for visitors. */
    user: User | null;
    /** SHA-256 of the presented session token, when it was valid. */
    sessionTokenHash: string | null;
  }
}
