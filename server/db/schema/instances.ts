import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/**
 * Secrets the server generates once and every instance shares, when several run on one
 * database: the app secret that hashes codes and signs URLs lives here, not on one machine.
 */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The server instances running on this database, each refreshed every 30 s: the start-up
 * banner counts them, and an instance on local disk warns when others run beside it.
 */
export const serverInstances = pgTable('server_instances', {
  id: uuid('id').primaryKey(),
  hostname: text('hostname').notNull(),
  pid: integer('pid').notNull(),
  /** 'local:<folder>' or 's3:<bucket>' */
  storage: text('storage').notNull(),
  startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
  seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
});
