import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database, DatabaseHandle, Executor } from '../db/client';
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
  /** tests: the time session credits' billing periods are read at; absent, the real time */
  clock?: () => Date;
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

/** One change an admin made, for the audit log (written in the same transaction as the change). */
export type AuditEvent = {
  action: 'create' | 'update' | 'delete' | 'cancel' | 'refund';
  targetType: string;
  targetId: string | null;
  details?: Record<string, unknown>;
};

/**
 * What a service command receives: the app's resources with `db` being the executor it
 * runs on (the database, or the caller's transaction), and, when an admin acts, the audit hook.
 * A command calls `await recordAudit(ctx, event)` inside its transaction; a member's call has no
 * hook and records nothing. Commands are verb-noun functions `(ctx, options)`.
 */
export type CommandContext = AppContext & {
  audit?: (db: Executor, event: AuditEvent) => Promise<void>;
};

/** Runs `work` in one transaction; nested calls join the caller's transaction (a savepoint). */
export function inTransaction<T>(ctx: CommandContext, work: (ctx: CommandContext) => Promise<T>): Promise<T> {
  return ctx.db.transaction((tx) => work({ ...ctx, db: tx }));
}

/** Writes the audit entry of an admin's change through the context's hook, if it has one. */
export async function recordAudit(ctx: CommandContext, event: AuditEvent): Promise<void> {
  await ctx.audit?.(ctx.db, event);
}
