import { Link } from '@react-email/link';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { and, asc, eq, gt, inArray, lte, sql, type SQL } from 'drizzle-orm';
import { NOTIFICATION_TYPES, type NotificationType } from '../../../common/notifications/types';
import { formatDateTime } from '../../../common/time';
import type { Executor } from '../../db/client';
import { dailyMails, type Notification, notifications, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import type { BrandedMail } from '../mail/compose';
import { composeMail } from '../mail/compose';
import { ActionButton, type MailFooter, Paragraph } from '../mail/layout';
import { queueMail } from '../mail/outbox';
import { mailSite } from '../mail/send';
import { loadFrequencies } from './email-preferences';
import { mailedLink } from './mailed-link';
import { notificationFooter } from './unsubscribe-link';

/**
 * The daily digest: at 7:00 in each member's own time zone, one mail with every
 * unread notification of the types they set to 'Daily digest' since their last digest; nothing
 * when there is nothing.
 *
 * The job runs every 15 minutes; a member is due in any run that falls in their local 7:00 hour
 * and has not had this local day yet. The day is claimed with a conditional upsert on
 * daily_mails.digest_day before anything is queued, so a second instance or a re-run finds it
 * taken; the mail's key `digest:<user>:<day>` also makes the job runner send it once.
 *
 * Cost of one run: the members due are found in SQL (their local hour computed from
 * users.time_zone), in pages of DAILY_MAIL_BATCH by id; each page is 5 statements (members,
 * claim, frequencies, notifications, digest_through) plus one queued job per mail, and the brand
 * once a run that mails (digest.test.ts counts them). Outside the 7:00 hour of every member's
 * zone a run is one statement that finds nobody (one pass over users by id).
 *
 * A process killed between the claim and the queueing loses that day's mail, never sends it
 * twice; digest_through has not moved, so the next day's digest holds those notifications.
 */
export const DIGEST_JOB = 'daily-digest';
export const DAILY_MAIL_CRON = '*/15 * * * *';
export const DAILY_MAIL_HOUR = 7;
export const DAILY_MAIL_BATCH = 200;
/** a digest lists at most this many; the rest are counted ('and 12 more in the app') */
export const DIGEST_MAX_LISTED = 50;

type DigestCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

export type DueMember = {
  id: string;
  email: string;
  name: string;
  timeZone: string;
  /** today in the member's zone, YYYY-MM-DD */
  day: string;
};

/**
 * One page of the members with a confirmed address whose local time at `now` is in the 7:00
 * hour and whose `dayColumn` is not that local day yet, after `afterId` in id order. Zones PostgreSQL does not know are
 * skipped (the browser's Intl may know a newer one), rather than failing the whole page.
 */
export async function membersDueAt7(
  db: Executor,
  now: Date,
  dayColumn: 'digestDay' | 'practiceDay',
  page: { afterId: string | null; limit: number; where?: SQL },
): Promise<DueMember[]> {
  const local = sql`(${now.toISOString()}::timestamptz at time zone ${users.timeZone})`;
  const day = sql<string>`to_char(${local}, 'YYYY-MM-DD')`;
  return db
    .select({ id: users.id, email: users.email, name: users.name, timeZone: users.timeZone, day })
    .from(users)
    .leftJoin(dailyMails, eq(dailyMails.userId, users.id))
    .where(
      and(
        page.afterId ? gt(users.id, page.afterId) : undefined,
        // as every notification mail: never to an address its owner has not confirmed
        eq(users.emailConfirmed, true),
        sql`${users.timeZone} in (select name from pg_timezone_names)`,
        sql`extract(hour from ${local}) = ${DAILY_MAIL_HOUR}`,
        sql`${dailyMails[dayColumn]} is distinct from ${day}`,
        page.where,
      ),
    )
    .orderBy(asc(users.id))
    .limit(page.limit);
}

/**
 * Claims the local day for these members: one conditional upsert that only writes where the
 * column is not that day yet. Answers the members this call claimed (a concurrent run that got
 * there first keeps them) with their daily_mails row.
 */
export async function claimDay(db: Executor, dayColumn: 'digestDay' | 'practiceDay', members: readonly DueMember[]) {
  if (members.length === 0) return new Map<string, typeof dailyMails.$inferSelect>();
  const column = dayColumn === 'digestDay' ? 'digest_day' : 'practice_day';
  const claimed = await db
    .insert(dailyMails)
    .values(members.map((m) => ({ userId: m.id, [dayColumn]: m.day })))
    .onConflictDoUpdate({
      target: dailyMails.userId,
      set: { [dayColumn]: sql.raw(`excluded.${column}`) },
      setWhere: sql`${dailyMails[dayColumn]} is distinct from ${sql.raw(`excluded.${column}`)}`,
    })
    .returning();
  return new Map(claimed.map((row) => [row.userId, row]));
}

/** Sends the digests due at `now`; answers how many members were due and how many mails went out. */
export async function sendDueDigests(ctx: DigestCtx, now: Date = new Date(), { batch = DAILY_MAIL_BATCH } = {}) {
  let site: Awaited<ReturnType<typeof mailSite>> | undefined;
  let afterId: string | null = null;
  let due = 0;
  let mails = 0;
  for (;;) {
    const page: DueMember[] = await membersDueAt7(ctx.db, now, 'digestDay', { afterId, limit: batch });
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    const claimed = await claimDay(ctx.db, 'digestDay', page);
    const members = page.filter((m) => claimed.has(m.id));
    due += members.length;
    if (members.length > 0) {
      const digests = await collectDigests(ctx.db, members, now);
      const through: { userId: string; at: Date }[] = [];
      for (const member of members) {
        const items = digests.get(member.id);
        if (!items || items.length === 0) continue;
        site ??= await mailSite(ctx);
        const mail = await composeMail(
          site,
          digestMail(
            member,
            items,
            site.publicUrl,
            notificationFooter({ publicUrl: site.publicUrl, appSecret: ctx.config.appSecret }, member.id, 'digest'),
          )(site.brand, settingsUrlOf(site)),
        );
        await queueMail(ctx, mail, { key: `digest:${member.id}:${member.day}` });
        mails++;
        through.push({ userId: member.id, at: items[0]!.createdAt });
      }
      await advanceDigestThrough(ctx.db, through);
    }
    if (page.length < batch) break;
  }
  return { due, mails };
}

/**
 * Each claimed member's unread notifications of their 'Daily digest' types created after their
 * last digest (digest_through; the last 24 hours before the first one) and not after `now`,
 * newest first. Two statements for the whole page.
 */
async function collectDigests(db: Executor, members: readonly DueMember[], now: Date) {
  const ids = members.map((m) => m.id);
  const frequencies = await loadFrequencies(db, ids);
  const digestTypes = new Set<NotificationType>();
  for (const f of frequencies.values())
    for (const type of NOTIFICATION_TYPES) if (f[type] === 'digest') digestTypes.add(type);
  const byUser = new Map<string, Notification[]>();
  if (digestTypes.size === 0) return byUser;
  const since = sql`coalesce(
    (select ${dailyMails.digestThrough} from ${dailyMails} where ${dailyMails.userId} = ${notifications.userId}),
    ${now.toISOString()}::timestamptz - interval '24 hours'
  )`;
  const rows = await db
    .select()
    .from(notifications)
    .where(
      and(
        inArray(notifications.userId, ids),
        eq(notifications.viewed, false),
        inArray(notifications.type, [...digestTypes]),
        lte(notifications.createdAt, now),
        sql`${notifications.createdAt} > ${since}`,
      ),
    )
    .orderBy(sql`${notifications.createdAt} desc`, sql`${notifications.id} desc`);
  for (const row of rows) {
    if (frequencies.get(row.userId)?.[row.type as NotificationType] !== 'digest') continue;
    const list = byUser.get(row.userId) ?? [];
    list.push(row);
    byUser.set(row.userId, list);
  }
  return byUser;
}

/** The next digest starts after the newest notification this one held (one statement). */
async function advanceDigestThrough(db: Executor, through: readonly { userId: string; at: Date }[]) {
  if (through.length === 0) return;
  const values = sql.join(
    through.map((t) => sql`(${t.userId}::uuid, ${t.at.toISOString()}::timestamptz)`),
    sql`, `,
  );
  await db.execute(sql`
    update ${dailyMails} set digest_through = greatest(${dailyMails.digestThrough}, v.at)
    from (values ${values}) as v(user_id, at)
    where ${dailyMails.userId} = v.user_id`);
}

const settingsUrlOf = (site: { publicUrl: string }) => `${site.publicUrl}/settings#email-notifications`;

/**
 * The digest mail. Its unsubscribe link (footer and RFC 8058 List-Unsubscribe) is for the topic
 * 'digest': one click turns every type the member gets in the digest to 'Off'.
 */
export const digestMail =
  (
    to: Pick<DueMember, 'email' | 'name' | 'timeZone'>,
    items: readonly Notification[],
    publicUrl: string,
    footer: MailFooter,
  ): BrandedMail =>
  (brand, settingsUrl) => {
    const listed = items.slice(0, DIGEST_MAX_LISTED);
    const more = items.length - listed.length;
    const n = items.length;
    return {
      to: to.email,
      subject: `${n} ${n === 1 ? 'update' : 'updates'} from ${brand.siteName}`,
      preview: items[0]!.message,
      body: (
        <>
          <Paragraph>Hi {to.name},</Paragraph>
          <Paragraph>
            {n === 1 ? 'Here is what happened' : `Here are the ${n} things that happened`} on {brand.siteName} since
            your last summary:
          </Paragraph>
          {listed.map((item) => (
            <Section
              key={item.id}
              style={{ borderLeft: `3px solid ${brand.accentColor}`, padding: '0 0 0 12px', margin: '0 0 16px' }}
            >
              <Text style={{ fontSize: '16px', lineHeight: '24px', margin: 0 }}>
                <Link href={mailedLink(item.link, publicUrl)} style={{ color: '#18181b', textDecoration: 'underline' }}>
                  {item.message}
                </Link>
              </Text>
              <Text style={{ fontSize: '13px', lineHeight: '20px', margin: 0, color: '#52525b' }}>
                {formatDateTime(item.createdAt, to.timeZone)}
              </Text>
            </Section>
          ))}
          {more > 0 ? <Paragraph>And {more} more in the app.</Paragraph> : null}
          <ActionButton href={`${publicUrl}/`} color={brand.accentColor}>
            Open {brand.siteName}
          </ActionButton>
        </>
      ),
      footer: { ...footer, settingsUrl },
    };
  };

/** The digest job: every 15 minutes, for the members whose 7:00 it is. */
export async function registerDigestJob(jobs: JobRunner, ctx: () => DigestCtx) {
  await jobs.work(DIGEST_JOB, () => sendDueDigests(ctx(), new Date()));
  await jobs.schedule(DIGEST_JOB, DAILY_MAIL_CRON);
}
