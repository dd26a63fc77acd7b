import type { AnnouncementRequest } from '../../../common/announcements/schemas';
import { ANNOUNCEMENT_LIMITS } from '../../../common/announcements/schemas';
import type { User } from '../../db/schema';
import { announcements } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import type { CommandContext } from '../../platform/context';
import { inTransaction } from '../../platform/context';
import { badRequest, forbidden } from '../../platform/errors';
import { composeMail } from '../mail/compose';
import { queueMail } from '../mail/outbox';
import { mailSite } from '../mail/send';
import { mailGivesWayToPush } from '../../../common/push/mail-rule';
import { loadEmailSettings } from '../notifications/email-preferences';
import { membersWithPush } from '../push/queries';
import { notify } from '../notifications/service';
import { notificationFooter, unsubscribeToken } from '../notifications/unsubscribe-link';
import type { Mail } from '../../platform/mail';
import { announcementMail } from './mail';
import { canAnnounce, canAnnounceTo } from './policy';
import { audienceOf, findTier, listAnnouncements, recipientsOf } from './queries';

type Facilitator = Pick<User, 'id' | 'name' | 'email' | 'isFacilitator'>;
const DAY = 86_400;

function requireFacilitator(user: Facilitator | null): asserts user is Facilitator {
  authorize(canAnnounce(user), () => forbidden('announcement_facilitators_only'));
}

/** The tier an announcement is for (null: all mine); another facilitator's tier is 404, as if it did not exist. */
async function audienceTier(ctx: CommandContext, facilitator: Facilitator, tierId: string | null) {
  if (tierId === null) return null;
  const tier = await findTier(ctx.db, tierId);
  authorize(tier !== undefined && canAnnounceTo(facilitator, tier), hidden('announcement_tier_not_found'));
  return tier;
}

/** The mail one member (or the facilitator, for a test or the preview) gets. */
async function renderFor(
  ctx: CommandContext,
  site: Awaited<ReturnType<typeof mailSite>>,
  to: { id: string; email: string },
  input: { facilitator: Facilitator; tierName: string | null; subject: string; body: string },
) {
  const footer = notificationFooter(
    { publicUrl: ctx.config.publicUrl, appSecret: ctx.config.appSecret },
    to.id,
    'announcement',
  );
  return composeMail(
    site,
    announcementMail(site.brand, {
      to: to.email,
      facilitator: { id: input.facilitator.id, name: input.facilitator.name },
      tierName: input.tierName,
      subject: input.subject,
      body: input.body,
      footer,
      publicUrl: ctx.config.publicUrl,
    }),
  );
}

/** The plans and how many members each would reach now, for the audience select and the Send button. */
export async function showAudience(ctx: CommandContext, options: { facilitator: Facilitator | null }) {
  requireFacilitator(options.facilitator);
  return audienceOf(ctx.db, options.facilitator.id);
}

/** POST app/announcement/preview: the mail exactly as a member gets it (with my own footer). */
export async function previewAnnouncement(
  ctx: CommandContext,
  options: { facilitator: Facilitator | null; input: AnnouncementRequest },
) {
  requireFacilitator(options.facilitator);
  const { facilitator, input } = options;
  const tier = await audienceTier(ctx, facilitator, input.tierId);
  const mail = await renderFor(ctx, await mailSite(ctx), facilitator, {
    facilitator,
    tierName: tier?.name ?? null,
    subject: input.subject,
    body: input.body,
  });
  return { html: mail.html ?? '', text: mail.text ?? '' };
}

/** POST app/announcement/test: the same mail, to the facilitator only; nothing is recorded or notified. */
export async function sendTestAnnouncement(
  ctx: CommandContext,
  options: { facilitator: Facilitator | null; input: AnnouncementRequest; testId: string },
) {
  requireFacilitator(options.facilitator);
  const { facilitator, input } = options;
  const tier = await audienceTier(ctx, facilitator, input.tierId);
  await ctx.limiter.hit(`announcement-test:${facilitator.id}`, {
    max: ANNOUNCEMENT_LIMITS.testsPerDay,
    windowSeconds: DAY,
  });
  const mail = await renderFor(ctx, await mailSite(ctx), facilitator, {
    facilitator,
    tierName: tier?.name ?? null,
    subject: `[Test] ${input.subject}`,
    body: input.body,
  });
  await queueMail(ctx, mail, { key: `announcement-test:${options.testId}` });
  return { sentTo: facilitator.email };
}

/**
 * POST app/announcement: records the announcement, notifies every member of the tier (or of all
 * my tiers) in one insert, and queues a mail to each whose 'Announcements' setting is not Off
 * (key `announcement:<id>:<userId>`, so a retry never mails twice), except those who get it as a
 * push instead. At most ANNOUNCEMENT_LIMITS.perDay a day per facilitator.
 *
 * The mail is rendered once (mailTemplate) and queued after the commit (the job runner has its
 * own connection), one job per member: the runner has no batched send. A crash between the commit
 * and the last queueMail leaves the rest unmailed (they still have the notification).
 */
export async function sendAnnouncement(
  ctx: CommandContext,
  options: { facilitator: Facilitator | null; input: AnnouncementRequest; now?: Date },
) {
  requireFacilitator(options.facilitator);
  const { facilitator, input } = options;
  const now = options.now ?? new Date();
  const tier = await audienceTier(ctx, facilitator, input.tierId);
  const recipients = await recipientsOf(ctx.db, facilitator.id, input.tierId);
  if (recipients.length === 0) throw badRequest('announcement_no_recipients');
  await ctx.limiter.hit(`announcement:${facilitator.id}`, { max: ANNOUNCEMENT_LIMITS.perDay, windowSeconds: DAY });

  // who gets the push instead of the mail: a device taking announcements, and no email setting
  // of their own for them (common/push/mail-rule.ts); their notification keeps the generic mail as
  // the fallback when no push service takes the push
  const ids = recipients.map((r) => r.id);
  const settings = await loadEmailSettings(ctx.db, ids);
  const withPush = await membersWithPush(ctx.db, ids, 'announcements');
  const pushInstead = new Set(
    ids.filter(
      (id) =>
        withPush.has(id) &&
        mailGivesWayToPush({ pushDeliveredAt: now, chosenEmail: settings.get(id)?.chosen.announcement, mailAt: now }),
    ),
  );

  const announcement = await inTransaction(ctx, async (tx) => {
    const [row] = await tx.db
      .insert(announcements)
      .values({
        facilitatorId: facilitator.id,
        tierId: input.tierId,
        subject: input.subject,
        bodyMarkdown: input.body,
        recipientCount: recipients.length,
        createdAt: now,
      })
      .returning();
    await notify(
      tx.db,
      recipients.map((r) => ({
        userId: r.id,
        type: 'announcement' as const,
        message: `${facilitator.name}: ${input.subject}`,
        link: `/profile/${facilitator.id}`,
        createdAt: now,
        ...(pushInstead.has(r.id) ? {} : { mail: false as const }),
      })),
    );
    return row!;
  });

  const mailed = recipients.filter(
    (r) => settings.get(r.id)?.effective.announcement !== 'off' && !pushInstead.has(r.id),
  );
  const personalise = await mailTemplate(ctx, {
    facilitator,
    tierName: tier?.name ?? null,
    subject: input.subject,
    body: input.body,
  });
  for (const recipient of mailed) {
    await queueMail(ctx, personalise(recipient), { key: `announcement:${announcement.id}:${recipient.id}` });
  }
  return { announcement, tierName: tier?.name ?? null, mailed: mailed.length };
}

/**
 * The announcement's mail rendered once (a render costs tens of milliseconds; a facilitator may
 * have thousands of members), then made each member's own: their address, and their signed
 * unsubscribe token in the footer links and the List-Unsubscribe header. Nothing else in the
 * mail names the recipient.
 */
async function mailTemplate(
  ctx: CommandContext,
  input: { facilitator: Facilitator; tierName: string | null; subject: string; body: string },
) {
  const placeholder = { id: '00000000-0000-0000-0000-000000000000', email: 'announcement@template.invalid' };
  const template = await renderFor(ctx, await mailSite(ctx), placeholder, input);
  const tokenOf = (userId: string) => unsubscribeToken(ctx.config.appSecret, userId, 'announcement');
  const placeholderToken = tokenOf(placeholder.id);
  return (to: { id: string; email: string }): Mail => {
    const token = tokenOf(to.id);
    const own = (part: string) => part.replaceAll(placeholderToken, token);
    return {
      ...template,
      to: to.email,
      text: own(template.text),
      ...(template.html !== undefined && { html: own(template.html) }),
      headers: Object.fromEntries(Object.entries(template.headers ?? {}).map(([k, v]) => [k, own(v)])),
    };
  };
}

/** GET app/announcement: mine, newest first, one page. */
export async function listMyAnnouncements(
  ctx: CommandContext,
  options: { facilitator: Facilitator | null; page: { cursor?: string | undefined; limit: number } },
) {
  requireFacilitator(options.facilitator);
  return listAnnouncements(ctx.db, options.facilitator.id, options.page);
}
