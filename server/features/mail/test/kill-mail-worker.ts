/**
 * A server stand-in for outbox-kill.test.ts, run as its own process (`node --import tsx`): the
 * real mail worker (registerMailJobs) on the real job runner, sending through nodemailer to the
 * test's SMTP server at SMTP_URL.
 *
 *   MODE=first   queues one mail (key 'kill-mail') and works it; the test holds the SMTP reply
 *                and kills us with SIGKILL while the mail is being sent.
 *   MODE=second  only works the queue; once the delivery is recorded it waits a little longer
 *                (a second send would show), stops cleanly and exits 0.
 *
 * The database is DATABASE_URL (PostgreSQL) or the PGlite in DATA_DIR.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { openDatabase } from '../../../db/client';
import { mailDeliveries } from '../../../db/schema';
import { createJobRunner } from '../../../platform/jobs';
import { FAST } from '../../../platform/jobs/test/fast-runner';
import { createMailer } from '../../../platform/mail';
import { MAIL_JOB, type MailJob, registerMailJobs } from '../outbox';

export const KILL_MAIL_KEY = 'kill-mail';

async function main() {
  const { MODE, SMTP_URL, DATABASE_URL, DATA_DIR } = process.env;
  if (!SMTP_URL || (MODE !== 'first' && MODE !== 'second')) throw new Error('set MODE=first|second and SMTP_URL');
  const log = pino({ level: 'warn' }, pino.destination(2));
  const database = await openDatabase({ databaseUrl: DATABASE_URL, dataDir: DATA_DIR });
  await database.migrate();
  const jobs = await createJobRunner(database, log, FAST);
  const mailer = createMailer({ smtpUrl: SMTP_URL, from: 'Tend <no-reply@tend.test>', log });
  await registerMailJobs(jobs, () => ({ mailer, db: database.db, log }));
  await jobs.start();

  if (MODE === 'first') {
    const job: MailJob = {
      key: KILL_MAIL_KEY,
      mail: { to: 'kim@example.com', subject: 'Sent once', text: 'Hello once.\n', html: '<p>Hello once.</p>' },
    };
    // queueMail's own options but short ones, so PostgreSQL hands the killed try back within seconds
    await jobs.send(MAIL_JOB, job, { key: KILL_MAIL_KEY, retryLimit: 3, retryDelaySeconds: 1, expireInSeconds: 4 });
    return; // polling keeps the process alive until SIGKILL
  }

  const delivered = async () =>
    (await database.db.select().from(mailDeliveries).where(eq(mailDeliveries.key, KILL_MAIL_KEY))).length > 0;
  while (!(await delivered())) await sleep(100);
  await sleep(2_000);
  await jobs.stop();
  mailer.close();
  await database.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
