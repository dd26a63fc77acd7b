import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import {
  chatRoomUsers,
  comments,
  engagement,
  journalEntries,
  messages,
  posts,
  sessions,
  subscriptions,
  tiers,
  users,
  type User,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { badRequest, conflict, forbidden } from '../../platform/errors';
import { presentOwnProfile } from '../auth/account';
import { verifyPassword } from '../auth/passwords';
import { isActiveSql } from '../subscriptions/service';

/** Everything Tend holds about me, as one JSON document (issue 7: download my data). */
export async function exportAccount(ctx: AppContext, user: User) {
  const { db } = ctx;
  const rooms = (await db.select({ id: chatRoomUsers.roomId }).from(chatRoomUsers).where(eq(chatRoomUsers.userId, user.id))).map((r) => r.id);
  const [myPosts, myComments, myEngagement, myJournal, mySubscriptions, myMessages, myBookings] = await Promise.all([
    db.select({ id: posts.id, text: posts.text, media: posts.media, photos: posts.photos, group: posts.groupId, postedDate: posts.createdAt }).from(posts).where(eq(posts.userId, user.id)).orderBy(asc(posts.createdAt)),
    db.select({ id: comments.id, post: comments.postId, text: comments.text, postedDate: comments.createdAt }).from(comments).where(eq(comments.userId, user.id)).orderBy(asc(comments.createdAt)),
    db.select().from(engagement).where(eq(engagement.userId, user.id)),
    db.select({ content: journalEntries.contentId, text: journalEntries.text, date: journalEntries.createdAt }).from(journalEntries).where(eq(journalEntries.userId, user.id)),
    db
      .select({ tier: tiers.name, status: subscriptions.status, startDate: subscriptions.startDate, endDate: subscriptions.endDate, cancelled: subscriptions.cancelled, priceCents: subscriptions.priceCents })
      .from(subscriptions)
      .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
      .where(eq(subscriptions.userId, user.id)),
    rooms.length
      ? db.select({ room: messages.roomId, from: messages.userId, text: messages.text, postedDate: messages.createdAt }).from(messages).where(inArray(messages.roomId, rooms)).orderBy(asc(messages.createdAt))
      : Promise.resolve([]),
    db.select({ name: sessions.name, startTime: sessions.startTime, endTime: sessions.endTime }).from(sessions).where(eq(sessions.bookedBy, user.id)),
  ]);
  return {
    exportedAt: new Date().toISOString(),
    profile: presentOwnProfile(user),
    posts: myPosts,
    comments: myComments,
    engagement: myEngagement.map(({ userId: _u, ...e }) => e),
    journal: myJournal,
    subscriptions: mySubscriptions,
    messages: myMessages,
    bookedSessions: myBookings,
  };
}

/**
 * Deletes my account (issue 7). My paid subscriptions are cancelled at the provider first; then
 * the account and everything that is mine goes: posts, comments, hearts, messages (both sides of
 * my chats), groups I own, my tiers and content, my sessions; sessions I booked become free again.
 * Removed rather than anonymised: a member leaving expects their words to leave with them.
 * Refused for admins (revoke the flag first) and for facilitators who still have paying
 * subscribers, who would otherwise be charged for a program that no longer exists.
 */
export async function deleteAccount(ctx: AppContext, user: User, password: string) {
  if (!(await verifyPassword(user.passwordHash, password))) throw badRequest('current_password_wrong', { message: 'Your password is not right.' });
  if (user.isAdmin) throw forbidden('An admin account cannot be deleted. Revoke the admin flag first (npm run admin -- --revoke).');
  const { db } = ctx;
  const paying = await db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
    .where(and(eq(tiers.userId, user.id), ne(subscriptions.provider, 'free'), ne(subscriptions.userId, user.id), isActiveSql()))
    .limit(1);
  if (paying.length) throw conflict('has_paying_subscribers', { message: 'You still have paying subscribers. Cancel or move them before deleting your account.' });

  const mine = await db
    .select({ providerId: subscriptions.providerSubscriptionId })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, user.id), ne(subscriptions.provider, 'free'), isActiveSql()));
  for (const s of mine) if (s.providerId) await ctx.payments.cancelSubscription(s.providerId, { now: true });

  await db.transaction(async (tx) => {
    // subscriptions to my tiers (free or ended ones: paying ones were refused above) hold the tiers
    const myTiers = (await tx.select({ id: tiers.id }).from(tiers).where(eq(tiers.userId, user.id))).map((t) => t.id);
    if (myTiers.length) await tx.delete(subscriptions).where(inArray(subscriptions.tierId, myTiers));
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
