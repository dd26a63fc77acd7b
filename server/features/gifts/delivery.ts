import { and, eq, gt, isNotNull, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { formatDate } from '../../../common/time';
import { gifts, subscriptions, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { JobRunner } from '../../platform/jobs';
import { randomToken, sha256 } from '../../platform/secrets';
import { mailLater } from '../mail/send';
import { isEntitled } from '../subscriptions/entitlement';
import { tierGroupFollows } from '../subscriptions/tier-group';
import { giftDeliveryMail, giftEndingMail } from './mails';
import { findGift, type GiftRow } from './queries';

type MailCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'mailer' | 'log'>;

export const GIFT_JOB = 'gifts-due';
/** The reminder goes this long before a gift's access ends. */
const REMINDER_LEAD_DAYS = 7;

/**
 * Mails the recipient a fresh claim link: a new token whose hash replaces the gift's (the old link
 * stops working), written by one conditional update (unclaimed, not refunded, and `onlyIf`), so of
 * two sends at once one mails. Answers whether it sent.
 */
export async function sendGiftMail(ctx: MailCtx, row: GiftRow, opts: { onlyIf?: SQL } = {}) {
  const token = randomToken();
  const [sent] = await ctx.db
    .update(gifts)
    .set({
      tokenHash: sha256(token),
      lastSentAt: new Date(),
      sendCount: sql`${gifts.sendCount} + 1`,
      deliveredAt: sql`coalesce(${gifts.deliveredAt}, now())`,
    })
    .where(
      and(
        eq(gifts.id, row.gift.id),
        isNotNull(gifts.paidAt),
        isNull(gifts.claimedAt),
        isNull(gifts.revokedAt),
        ...(opts.onlyIf ? [opts.onlyIf] : []),
      ),
    )
    .returning();
  if (!sent) return false;
  const facts = {
    from: row.buyer.name,
    tierName: row.tier.name,
    facilitatorName: row.facilitator.name,
    months: sent.months,
    message: sent.message,
  };
  await mailLater(
    ctx,
    giftDeliveryMail(sent.recipientEmail, facts, `${ctx.config.publicUrl}/gift/${token}`),
    `gift-delivery:${sent.id}:${sent.sendCount}`,
  );
  return true;
}

/** Delivers one gift if its day has come (paid, not yet delivered): after its payment, and from the job. */
export async function deliverIfDue(ctx: MailCtx, giftId: string, now = new Date()) {
  const row = await findGift(ctx.db, giftId);
  if (!row || row.gift.deliveredAt || row.gift.deliverAt > now) return false;
  return sendGiftMail(ctx, row, { onlyIf: isNull(gifts.deliveredAt) });
}

/**
 * The gift job, every few minutes on one instance: gifts whose delivery day has begun in the
 * buyer's zone are mailed; claimed gifts whose access ends within a week get their reminder
 * (once); and gifts whose access has ended take the tier's group with them, unless the member
 * holds the tier another way by then. Each step is a conditional update, so a rerun does nothing twice.
 */
export async function runGiftJob(ctx: MailCtx, now = new Date()) {
  let delivered = 0;
  const due = await ctx.db
    .select({ id: gifts.id })
    .from(gifts)
    .where(and(isNotNull(gifts.paidAt), isNull(gifts.deliveredAt), isNull(gifts.revokedAt), lte(gifts.deliverAt, now)));
  for (const { id } of due) if (await deliverIfDue(ctx, id, now)) delivered++;
  return { delivered, reminded: await remindEnding(ctx, now), ended: await endExpired(ctx, now) };
}

async function remindEnding(ctx: MailCtx, now: Date) {
  const soon = new Date(now.getTime() + REMINDER_LEAD_DAYS * 86_400_000);
  // the gift's subscription decides when access ends (a later gift of the same plan extends it)
  const ending = await ctx.db
    .select({ id: gifts.id, endDate: subscriptions.endDate, email: users.email, timeZone: users.timeZone })
    .from(gifts)
    .innerJoin(users, eq(users.id, gifts.claimedBy))
    .innerJoin(subscriptions, and(eq(subscriptions.userId, gifts.claimedBy), eq(subscriptions.tierId, gifts.tierId)))
    .where(
      and(
        isNull(gifts.remindedAt),
        isNull(gifts.revokedAt),
        eq(subscriptions.provider, 'gift'),
        eq(subscriptions.cancelled, false),
        gt(subscriptions.endDate, now),
        lte(subscriptions.endDate, soon),
      ),
    );
  let reminded = 0;
  for (const g of ending) {
    const [marked] = await ctx.db
      .update(gifts)
      .set({ remindedAt: now })
      .where(and(eq(gifts.id, g.id), isNull(gifts.remindedAt)))
      .returning({ id: gifts.id });
    if (!marked) continue;
    const row = (await findGift(ctx.db, g.id))!;
    const facts = {
      tierName: row.tier.name,
      facilitatorName: row.facilitator.name,
      endsOn: formatDate(g.endDate!, g.timeZone),
    };
    await mailLater(
      ctx,
      giftEndingMail(g.email, facts, `${ctx.config.publicUrl}/profile/${row.tier.userId}`),
      `gift-ending:${g.id}`,
    );
    reminded++;
  }
  return reminded;
}

async function endExpired(ctx: MailCtx, now: Date) {
  const over = await ctx.db
    .select({ id: gifts.id, userId: gifts.claimedBy, tierId: gifts.tierId })
    .from(gifts)
    .where(and(isNotNull(gifts.claimedBy), isNull(gifts.endedAt), lte(gifts.endsAt, now)));
  let ended = 0;
  for (const g of over) {
    await ctx.db.transaction(async (tx) => {
      const [marked] = await tx
        .update(gifts)
        .set({ endedAt: now })
        .where(and(eq(gifts.id, g.id), isNull(gifts.endedAt)))
        .returning({ id: gifts.id });
      if (!marked) return;
      const [sub] = await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.userId, g.userId!), eq(subscriptions.tierId, g.tierId)))
        .limit(1);
      // access was the gift's until now; the group stays when something else holds the tier
      await tierGroupFollows(tx, {
        userId: g.userId!,
        tier: { id: g.tierId },
        hadAccess: true,
        hasAccess: sub ? isEntitled(sub, now) : false,
      });
      ended++;
    });
  }
  return ended;
}

export async function registerGiftJobs(jobs: JobRunner, ctx: () => AppContext) {
  await jobs.work(GIFT_JOB, () => runGiftJob(ctx()));
  await jobs.schedule(GIFT_JOB, '*/5 * * * *');
}
