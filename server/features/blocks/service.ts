import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { blocks, type User } from '../../db/schema';
import type { AppContext, CommandContext } from '../../platform/context';
import { authorize } from '../../platform/authorize';
import { badRequest, forbidden, notFound } from '../../platform/errors';
import { loadSiteSettings } from '../site/queries';
import { canBlock, hasLink, isBraked, mayLinkInMessage, messagingBlock } from './policy';
import {
  blockBetween,
  blockedIdsOf,
  blockedPeopleOf,
  blockingPairs,
  findBlockTarget,
  hasWrittenIn,
  recentMessages,
  recentWritings,
} from './queries';
import { brakeRefusal } from './presenter';

export { blockedIdsOf, blockBetween };

/** The person to block or unblock; 404 when there is none, 400 for oneself. */
async function target(ctx: AppContext, me: User, id: string) {
  const other = await findBlockTarget(ctx.db, id);
  if (!other) throw notFound('block_user_not_found');
  authorize(canBlock(me, other), () => badRequest('block_self'));
  return other;
}

/** Blocks `id` (POST app/block/{id}); blocking twice is one block (the primary key keeps it once). */
export async function blockUser(ctx: CommandContext, options: { me: User; id: string }) {
  const other = await target(ctx, options.me, options.id);
  await ctx.db.insert(blocks).values({ blockerId: options.me.id, blockedId: other.id }).onConflictDoNothing();
  return { user: other.id, blocked: true };
}

/** Unblocks `id` (DELETE app/block/{id}); unblocking someone not blocked changes nothing. */
export async function unblockUser(ctx: CommandContext, options: { me: User; id: string }) {
  const other = await target(ctx, options.me, options.id);
  await ctx.db.delete(blocks).where(and(eq(blocks.blockerId, options.me.id), eq(blocks.blockedId, other.id)));
  return { user: other.id, blocked: false };
}

/** Whether I block `id` now (GET app/block/{id}: the profile's and the chat's menu). */
export async function blockState(ctx: AppContext, options: { me: User; id: string }) {
  const other = await target(ctx, options.me, options.id);
  return { user: other.id, blocked: (await blockBetween(ctx.db, options.me.id, other.id)).iBlock };
}

/** Everyone I block (Settings → Blocked people). */
export const listBlocked = (ctx: AppContext, me: User) => blockedPeopleOf(ctx.db, me.id);

/**
 * For a notification: keeps only the notices whose recipient does not block their sender. One
 * read for the whole batch; a notice without a sender (the system, a payment) always goes.
 */
export async function withoutBlockedSenders<T extends { userId: string; from?: string }>(
  db: Executor,
  rows: T[],
): Promise<T[]> {
  const senders = [...new Set(rows.flatMap((r) => (r.from ? [r.from] : [])))];
  if (senders.length === 0) return rows;
  const blocked = await blockingPairs(
    db,
    senders,
    rows.map((r) => r.userId),
  );
  return rows.filter((r) => !r.from || !blocked.has(`${r.userId}:${r.from}`));
}

/** 403 when either of two people blocks the other: direct messages stop both ways. */
export async function assertNotBlocked(ctx: AppContext, me: string, other: string) {
  const refusal = messagingBlock(await blockBetween(ctx.db, me, other));
  if (refusal) throw forbidden(refusal);
}

const HOUR_MS = 3_600_000;

/**
 * The new-account brake on posts and comments: a new account (site settings) writes at most
 * `newAccountPostsPerHour` of them in any hour, counted from the rows themselves; past it, 429
 * saying when the next one is possible.
 */
export async function brakePosting(ctx: AppContext, user: User, now = new Date()) {
  const settings = await loadSiteSettings(ctx);
  if (!isBraked(user, settings, now)) return;
  const max = settings.newAccountPostsPerHour;
  const recent = await recentWritings(ctx.db, user.id, max, new Date(now.getTime() - HOUR_MS));
  if (recent.length >= max) throw brakeRefusal('post', max, recent[max - 1]!, now);
}

/**
 * The new-account brakes on direct messages: at most `newAccountMessagesPerHour` an hour, and no
 * link or image to someone who has not written to them yet.
 */
export async function brakeMessaging(
  ctx: AppContext,
  options: { user: User; roomId: string; recipientId: string; text: string; now?: Date },
) {
  const { user, now = new Date() } = options;
  const settings = await loadSiteSettings(ctx);
  const braked = isBraked(user, settings, now);
  if (!braked) return;
  if (hasLink(options.text)) {
    const theyWroteBefore = await hasWrittenIn(ctx.db, options.roomId, options.recipientId);
    if (!mayLinkInMessage(braked, { theyWroteBefore })) throw forbidden('new_account_no_links');
  }
  const max = settings.newAccountMessagesPerHour;
  const recent = await recentMessages(ctx.db, user.id, max, new Date(now.getTime() - HOUR_MS));
  if (recent.length >= max) throw brakeRefusal('message', max, recent[max - 1]!, now);
}
