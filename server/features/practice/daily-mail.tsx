import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { and, eq, exists } from 'drizzle-orm';
import type { Brand } from '../../../common/site/brand';
import { subscriptions, users } from '../../db/schema';
import type { Executor } from '../../db/client';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { composeMail, type MailContent } from '../mail/compose';
import { ActionButton, type MailFooter, Paragraph } from '../mail/layout';
import { queueMail } from '../mail/outbox';
import { mailSite } from '../mail/send';
import type { ContentWithRefs } from '../content/presenter';
import { claimDay, DAILY_MAIL_BATCH, DAILY_MAIL_CRON, type DueMember, membersDueAt7 } from '../notifications/digest';
import { loadFrequencies } from '../notifications/email-preferences';
import { notify } from '../notifications/service';
import { notificationFooter } from '../notifications/unsubscribe-link';
import { entitledSql } from '../subscriptions/entitlement';
import { todaysPractices } from './todays-practice';

/**
 * 'Your practice for today': at 7:00 in a member's time zone, on a day something
 * is released to them, one notification and one mail listing it, with a button to the daily
 * practice page. 'Off' for the type 'practice' (Settings → Email notifications) stops both.
 *
 * What a member gets today is what the daily practice page shows (content/library.ts
 * memberLibrary: `practicesForToday` of common/content/release.ts, in release order), kept to
 * the items whose release day (`releaseSchedule`) is today: a drip item on the first day of its
 * window, a dated item posted today before 7:00. The rules are those pure functions; this file
 * only loads their inputs for a page of members at once.
 *
 * Cost: the members due are found in SQL by local hour (only those with an active
 * subscription), DAILY_MAIL_BATCH at a time; each page is 5 statements whatever its size
 * (members, claim, frequencies, subscriptions with tiers, content of those tiers), 3 more when
 * someone has a release today (notify: frequencies, insert, live signal), plus one queued job
 * per mail, and the brand once a run that mails (daily-mail.test.ts counts them). The content of a
 * page's tiers is read once for all of them.
 * Content dated later in the day than 7:00 is on the page but not in that day's mail.
 */
export const PRACTICE_MAIL_JOB = 'daily-practice-mail';

type PracticeCtx = Pick<AppContext, 'db' | 'config' | 'jobs'>;

/** Sends 'Your practice for today' to the members due at `now`; answers how many were due and mailed. */
export async function sendPracticeMails(ctx: PracticeCtx, now: Date = new Date(), { batch = DAILY_MAIL_BATCH } = {}) {
  let site: Awaited<ReturnType<typeof mailSite>> | undefined;
  const subscribed = exists(
    ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.userId, users.id), entitledSql())),
  );
  let afterId: string | null = null;
  let due = 0;
  let mails = 0;
  for (;;) {
    const page: DueMember[] = await membersDueAt7(ctx.db, now, 'practiceDay', {
      afterId,
      limit: batch,
      where: subscribed,
    });
    if (page.length === 0) break;
    afterId = page.at(-1)!.id;
    const claimed = await claimDay(ctx.db, 'practiceDay', page);
    const frequencies = await loadFrequencies(
      ctx.db,
      page.filter((m) => claimed.has(m.id)).map((m) => m.id),
    );
    const members = page.filter((m) => claimed.has(m.id) && frequencies.get(m.id)?.practice === 'immediately');
    due += members.length;
    const today = await releasedToday(ctx.db, members, now);
    const withItems = members.filter((m) => (today.get(m.id)?.length ?? 0) > 0);
    await notify(
      ctx.db,
      withItems.map((m) => {
        const items = today.get(m.id)!;
        return {
          userId: m.id,
          type: 'practice' as const,
          message:
            items.length === 1
              ? `Your practice for today: ${items[0]!.content.title}`
              : `Your practice for today: ${items[0]!.content.title} and ${items.length - 1} more`,
          link: '/',
          createdAt: now,
          mail: false as const,
        };
      }),
    );
    for (const member of withItems) {
      site ??= await mailSite(ctx);
      const footer = notificationFooter(ctx.config, member.id, 'practice');
      const mail = await composeMail(
        site,
        practiceMail(member, today.get(member.id)!, site.publicUrl, footer)(site.brand),
      );
      await queueMail(ctx, mail, { key: `practice:${member.id}:${member.day}` });
      mails++;
    }
    if (page.length < batch) break;
  }
  return { due, mails };
}

/** For each member, the items released to them on their local today, in release order (two statements). */
async function releasedToday(db: Executor, members: readonly DueMember[], now: Date) {
  const today = await todaysPractices(db, members, now);
  return new Map(members.map((m) => [m.id, (today.get(m.id) ?? []).filter((r) => r.release.day === m.day)]));
}

const CONTENT_TYPE_LABEL: Record<ContentWithRefs['content']['contentType'], string> = {
  meditation: 'Meditation',
  breathwork: 'Breathwork',
  reading: 'Reading',
  journal: 'Journal',
  podcast: 'Podcast',
  workout: 'Workout',
  informational: 'Informational',
};

/** The mail: today's items (title, kind, facilitator) and a button to the daily practice page. */
export const practiceMail =
  (
    to: Pick<DueMember, 'email' | 'name'>,
    items: readonly ContentWithRefs[],
    publicUrl: string,
    footer: MailFooter,
  ): ((brand: Brand) => MailContent) =>
  (brand) => {
    const first = items[0]!.content.title;
    return {
      to: to.email,
      subject:
        items.length === 1
          ? `Your practice for today: ${first}`
          : `Your practice for today: ${items.length} new practices`,
      preview: items.length === 1 ? first : `${first} and ${items.length - 1} more`,
      body: (
        <>
          <Paragraph>Hi {to.name},</Paragraph>
          <Paragraph>
            {items.length === 1 ? 'A new practice is ready for you today:' : 'New practices are ready for you today:'}
          </Paragraph>
          {items.map(({ content, author }) => (
            <Section
              key={content.id}
              style={{ borderLeft: `3px solid ${brand.accentColor}`, padding: '0 0 0 12px', margin: '0 0 16px' }}
            >
              <Text style={{ fontSize: '16px', lineHeight: '24px', margin: 0, fontWeight: 600 }}>{content.title}</Text>
              <Text style={{ fontSize: '13px', lineHeight: '20px', margin: 0, color: '#52525b' }}>
                {CONTENT_TYPE_LABEL[content.contentType]} · {author.name}
              </Text>
            </Section>
          ))}
          <ActionButton href={`${publicUrl}/`} color={brand.accentColor}>
            Open today's practice
          </ActionButton>
        </>
      ),
      // the type's reason, its one-click unsubscribe (List-Unsubscribe) and the settings page
      footer,
    };
  };

/** The practice mail job: every 15 minutes, for the members whose 7:00 it is. */
export async function registerPracticeMailJob(jobs: JobRunner, ctx: () => PracticeCtx) {
  await jobs.work(PRACTICE_MAIL_JOB, () => sendPracticeMails(ctx(), new Date()));
  await jobs.schedule(PRACTICE_MAIL_JOB, DAILY_MAIL_CRON);
}
