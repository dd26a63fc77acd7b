import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { mailDeliveries } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { fail } from '../../platform/errors';
import type { JobRunner } from '../../platform/jobs';
import { isPermanentRefusal, type Mail } from '../../platform/mail';

export const MAIL_JOB = 'mail';
export type MailJob = { key: string; mail: Mail };

/**
 * Queues a mail on the job runner: sent within seconds, retried with back-off while
 * SMTP is down, and sent once per `key` however often it is queued or its job is run again after
 * a kill (the key is the job's idempotency key and is recorded in mail_deliveries once sent).
 * The key names the event, e.g. `notification:<id>` or `reminder:<session>:<start>:1h`.
 */
export async function queueMail(
  ctx: Pick<AppContext, 'jobs'>,
  mail: Mail,
  options: { key: string; startAfter?: Date },
): Promise<void> {
  await ctx.jobs.send(MAIL_JOB, { key: options.key, mail } satisfies MailJob, {
    key: options.key,
    ...(options.startAfter && { startAfter: options.startAfter }),
    retryLimit: 8,
    retryDelaySeconds: 30,
    expireInSeconds: 120,
  });
}

/**
 * An account mail the member is waiting for (a code, a reset link): sent now, so a refusal can be
 * told. SMTP refusing it for good answers 502 'We could not send the email, try again'; SMTP
 * being unreachable queues it for retries and the member is told it is on its way.
 */
export async function sendAccountMail(ctx: Pick<AppContext, 'mailer' | 'jobs' | 'log'>, mail: Mail, key: string) {
  try {
    await ctx.mailer.send({ ...mail, messageId: messageIdOf(key) });
  } catch (err) {
    if (isPermanentRefusal(err)) {
      ctx.log.warn({ err, to: mail.to, subject: mail.subject }, 'SMTP refused an account mail');
      throw fail(502, 'email_not_sent');
    }
    ctx.log.error({ err, to: mail.to }, 'account mail not sent now; queued for retries');
    await queueMail(ctx, mail, { key });
  }
}

/** The mail worker: sends each queued mail once, and records it. */
export async function registerMailJobs(jobs: JobRunner, ctx: () => Pick<AppContext, 'mailer' | 'db' | 'log'>) {
  await jobs.work<MailJob>(MAIL_JOB, ({ data }) => deliver(ctx(), data), { concurrency: 4 });
  await jobs.work('cleanup-mail-deliveries', () => forgetOldDeliveries(ctx().db));
  await jobs.schedule('cleanup-mail-deliveries', '53 4 * * *');
}

async function deliver(ctx: Pick<AppContext, 'mailer' | 'db' | 'log'>, { key, mail }: MailJob) {
  const [done] = await ctx.db
    .select({ key: mailDeliveries.key })
    .from(mailDeliveries)
    .where(eq(mailDeliveries.key, key))
    .limit(1);
  if (done) return { skipped: 'already sent' };
  try {
    await ctx.mailer.send({ ...mail, messageId: messageIdOf(key) });
  } catch (err) {
    // a refusal for good ends the job: another try gets the same answer
    if (isPermanentRefusal(err)) {
      ctx.log.warn({ err, to: mail.to, subject: mail.subject, key }, 'SMTP refused a mail');
      return { refused: String((err as Error).message) };
    }
    throw err;
  }
  await ctx.db.insert(mailDeliveries).values({ key, to: mail.to, subject: mail.subject }).onConflictDoNothing();
  return { sent: mail.to };
}

/** Deliveries older than 30 days: no job is run again that late. */
async function forgetOldDeliveries(db: Database) {
  const gone = await db
    .delete(mailDeliveries)
    .where(lt(mailDeliveries.sentAt, sql`now() - interval '30 days'`))
    .returning({ key: mailDeliveries.key });
  return { deliveries: gone.length };
}

/** A stable Message-ID per key: a resend of the same mail is the same message to the receiver. */
function messageIdOf(key: string) {
  return `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@tend.mail>`;
}
