import { and, asc, eq, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Brand } from '../../../common/site/brand';
import type { NotificationType } from '../../../common/notifications/types';
import { mailGivesWayToPush } from '../../../common/push/mail-rule';
import type { Executor } from '../../db/client';
import { notifications, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { composeMail, type MailContent } from '../mail/compose';
import { ActionButton, Paragraph } from '../mail/layout';
import { queueMail } from '../mail/outbox';
import { mailSite } from '../mail/send';
import { loadEmailSettings } from './email-preferences';
import { mailedLink } from './mailed-link';
import { notificationFooter } from './unsubscribe-link';

export const NOTIFICATION_MAILS_JOB = 'notification-mails';

type DispatchCtx = Pick<AppContext, 'db' | 'database' | 'config' | 'jobs'>;

/** One notification that is still to be mailed, with its recipient. */
type Pending = {
  id: string;
  userId: string;
  type: string;
  message: string;
  link: string;
  email: string;
  name: string;
  emailConfirmed: boolean;
  /** when a push service accepted its push; null: none did (yet) */
  pushDeliveredAt: Date | null;
};

/**
 * How long a mail waits for its notification's push to be settled (push_state 'pending',
 * 'sending' or 'retrying'): long enough for the push dispatcher's minute and the retries of a
 * push service that failed for a moment; a push not settled by then no longer holds the mail.
 */
export const MAIL_WAITS_FOR_PUSH = '15 minutes';

/**
 * The outbox of 'Immediately' notification mails: notify() marks a notification
 * `mail_pending` when its recipient wants that type immediately; this takes a batch of them,
 * oldest first, renders one mail each and queues it on the mail job under the key
 * `notification:<id>`, and clears the mark.
 *
 * One transaction per batch (on PostgreSQL): the rows are taken `FOR UPDATE SKIP LOCKED`, so two
 * instances never take the same row, and the mark is cleared in the same transaction. A crash
 * after a mail was queued but before the commit leaves the mark, the row is taken again and its
 * mail queued again under the same key, which the job runner and mail_deliveries turn into
 * nothing: no mail is lost and none is sent twice. Embedded PGlite is one process with one
 * connection, where the job runner's insert would wait for the open transaction, so there the
 * batch runs without one (nothing else can take the rows; the key still guards a re-run).
 *
 * A notification that also goes out as a push waits for its push to be settled (at most
 * MAIL_WAITS_FOR_PUSH), and once a push service accepted it, its mail gives way unless the member
 * chose both (common/push/mail-rule.ts): the mark is cleared without a mail, as for 'Off'.
 *
 * Answers how many mails were queued and how many marks were cleared without a mail.
 */
export async function sendPendingNotificationMails(ctx: DispatchCtx, options: { limit?: number } = {}) {
  const limit = options.limit ?? 100;
  const inBatch = <T,>(work: (db: Executor) => Promise<T>): Promise<T> =>
    ctx.database.kind === 'postgres' ? ctx.db.transaction(work) : work(ctx.db);

  return inBatch(async (db) => {
    const rows: Pending[] = await db
      .select({
        id: notifications.id,
        userId: notifications.userId,
        type: notifications.type,
        message: notifications.message,
        link: notifications.link,
        email: users.email,
        name: users.name,
        emailConfirmed: users.emailConfirmed,
        pushDeliveredAt: notifications.pushDeliveredAt,
      })
      .from(notifications)
      .innerJoin(users, eq(users.id, notifications.userId))
      .where(
        and(
          eq(notifications.mailPending, true),
          or(
            isNull(notifications.pushState),
            notInArray(notifications.pushState, ['pending', 'sending', 'retrying']),
            lt(notifications.createdAt, sql`now() - ${MAIL_WAITS_FOR_PUSH}::interval`),
          ),
        ),
      )
      .orderBy(asc(notifications.createdAt), asc(notifications.id))
      .limit(limit)
      .for('update', { of: notifications, skipLocked: true });
    if (rows.length === 0) return { queued: 0, skipped: 0, more: false };
    // the brand only for a batch that mails (the job runs every minute, mostly with nothing to do)
    const site = await mailSite(ctx);

    // a member who turned the type off since (the unsubscribe link of an earlier mail) gets no more
    const settings = await loadEmailSettings(
      db,
      rows.map((r) => r.userId),
    );
    const mailAt = new Date();
    let queued = 0;
    for (const row of rows) {
      const type = row.type as NotificationType;
      // an unconfirmed address is not mailed (it may be someone else's); a type from before the
      // types (the 'other' default) has no setting, and no mail
      const wanted = settings.get(row.userId)?.effective[type];
      if (!row.emailConfirmed || wanted === undefined || wanted === 'off') continue;
      const chosenEmail = settings.get(row.userId)?.chosen[type];
      if (mailGivesWayToPush({ pushDeliveredAt: row.pushDeliveredAt, chosenEmail, mailAt })) continue;
      const mail = await composeMail(site, notificationMail(site, ctx.config.appSecret, row, type));
      await queueMail(ctx, mail, { key: `notification:${row.id}` });
      queued++;
    }
    await db
      .update(notifications)
      .set({ mailPending: false })
      .where(
        inArray(
          notifications.id,
          rows.map((r) => r.id),
        ),
      );
    return { queued, skipped: rows.length - queued, more: rows.length === limit };
  });
}

/** The mail of one notification: the greeting, its message and a button into the app. */
export function notificationMail(
  site: { brand: Brand; publicUrl: string },
  appSecret: string,
  row: Pick<Pending, 'userId' | 'message' | 'link' | 'email' | 'name'>,
  type: NotificationType,
): MailContent {
  return {
    to: row.email,
    subject: subjectOf(row.message),
    preview: row.message,
    body: (
      <>
        <Paragraph>{`Hi ${row.name},`}</Paragraph>
        <Paragraph>{row.message}</Paragraph>
        <ActionButton href={mailedLink(row.link, site.publicUrl)} color={site.brand.accentColor}>
          {`Open in ${site.brand.siteName}`}
        </ActionButton>
      </>
    ),
    footer: notificationFooter({ publicUrl: site.publicUrl, appSecret }, row.userId, type),
  };
}

const SUBJECT_MAX = 78;

/**
 * A short subject from the notification's message: its text without the closing full stop,
 * cut at a word before 78 characters (the length mail apps show whole) with an ellipsis.
 */
export function subjectOf(message: string) {
  const text = message.replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  if (text.length <= SUBJECT_MAX) return text;
  const cut = text.slice(0, SUBJECT_MAX - 1);
  const atWord = cut.lastIndexOf(' ');
  return `${(atWord > SUBJECT_MAX / 2 ? cut.slice(0, atWord) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

/**
 * The dispatcher as a job, every minute. notify() only has a database (often the caller's
 * transaction), not the job runner, so it cannot start a send itself: an 'Immediately' mail
 * leaves within about a minute of its notification, which is soon enough for these. Each run
 * takes batches until none is left.
 */
export async function registerNotificationMails(jobs: JobRunner, ctx: () => DispatchCtx) {
  await jobs.work(NOTIFICATION_MAILS_JOB, async () => {
    let queued = 0;
    let skipped = 0;
    // bounded, so one run cannot go on forever while notifications keep coming
    for (let batch = 0; batch < 50; batch++) {
      const done = await sendPendingNotificationMails(ctx());
      queued += done.queued;
      skipped += done.skipped;
      if (!done.more) break;
    }
    return { queued, skipped };
  });
  await jobs.schedule(NOTIFICATION_MAILS_JOB, '* * * * *');
}
