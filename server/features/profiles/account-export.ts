import { asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  announcements,
  blocks,
  businessExports,
  emailPreferences,
  auditLog,
  authSessions,
  chatRoomUsers,
  checkoutSessions,
  comments,
  content,
  contentImports,
  engagement,
  gifts,
  groups,
  images,
  journalEntries,
  mediaFiles,
  memberships,
  messages,
  notifications,
  playbackPositions,
  postHearts,
  posts,
  pushPreferences,
  pushSubscriptions,
  referrals,
  revenueEntries,
  seriesBookings,
  sessionBookings,
  sessions,
  sessionSeries,
  sessionWaitlist,
  subscriptions,
  tierGrants,
  offers,
  offerRedemptions,
  tierPrices,
  tiers,
  type User,
  users,
  referralRewardChoices,
  memberImports,
  memberImportRows,
  reports,
  moderationWarnings,
  moderationActions,
  groupMutes,
  groupModerators,
} from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { presentOwnProfile } from './presenter';
import type { Section } from './account-export-references';

/** Everything Tend holds about me, as one JSON document (Settings: 'Download my data'). */
export async function exportAccount(ctx: AppContext, user: User) {
  const { db } = ctx;
  const me = user.id;
  const rooms = (
    await db.select({ id: chatRoomUsers.roomId }).from(chatRoomUsers).where(eq(chatRoomUsers.userId, me))
  ).map((r) => r.id);
  const sessionColumns = {
    id: sessions.id,
    name: sessions.name,
    description: sessions.description,
    priceCents: sessions.priceCents,
    startTime: sessions.startTime,
    endTime: sessions.endTime,
    meetingUrl: sessions.meetingUrl,
  };
  const referralColumns = {
    referrer: referrals.referrerId,
    referee: referrals.refereeId,
    signedUpAt: referrals.signedUpAt,
    firstPaidAt: referrals.firstPaidAt,
    facilitator: referrals.facilitatorId,
    tier: referrals.tierId,
    amountCents: referrals.amountCents,
    reward: referrals.rewardId,
    rewardGrantedAt: referrals.rewardGrantedAt,
  };
  const blocked = alias(users, 'blocked');
  const moderationColumns = {
    action: moderationActions.action,
    group: moderationActions.groupId,
    targetType: moderationActions.targetType,
    targetId: moderationActions.targetId,
    reason: moderationActions.reason,
    date: moderationActions.createdAt,
  };
  const moderation: Record<
    'reportsMade' | 'moderationWarnings' | 'moderationOfMe' | 'moderationActionsTaken' | 'groupMutes' | 'moderatorOf',
    Promise<unknown[]>
  > = {
    reportsMade: db
      .select({
        targetType: reports.targetType,
        targetId: reports.targetId,
        reason: reports.reason,
        note: reports.note,
        status: reports.status,
        outcome: reports.outcome,
        date: reports.createdAt,
      })
      .from(reports)
      .where(eq(reports.reporterId, me))
      .orderBy(asc(reports.createdAt)),
    moderationWarnings: db
      .select({
        group: moderationWarnings.groupId,
        reason: moderationWarnings.reason,
        date: moderationWarnings.createdAt,
        acknowledgedAt: moderationWarnings.acknowledgedAt,
      })
      .from(moderationWarnings)
      .where(eq(moderationWarnings.userId, me)),
    // what moderators decided about me and my content, without naming the moderator
    moderationOfMe: db.select(moderationColumns).from(moderationActions).where(eq(moderationActions.subjectId, me)),
    moderationActionsTaken: db
      .select({ ...moderationColumns, subject: moderationActions.subjectId })
      .from(moderationActions)
      .where(eq(moderationActions.actorId, me)),
    groupMutes: db
      .select({ group: groupMutes.groupId, until: groupMutes.until, days: groupMutes.days, date: groupMutes.createdAt })
      .from(groupMutes)
      .where(eq(groupMutes.userId, me)),
    moderatorOf: db
      .select({ group: groupModerators.groupId, since: groupModerators.createdAt })
      .from(groupModerators)
      .where(eq(groupModerators.userId, me)),
  };
  const sections: Record<Exclude<Section, keyof typeof moderation>, Promise<unknown[]>> = {
    // the people I block (who blocks me is theirs to keep)
    blocks: db
      .select({ user: blocks.blockedId, name: blocked.name, date: blocks.createdAt })
      .from(blocks)
      .innerJoin(blocked, eq(blocked.id, blocks.blockedId))
      .where(eq(blocks.blockerId, me))
      .orderBy(asc(blocks.createdAt)),
    posts: db
      .select({
        id: posts.id,
        text: posts.text,
        media: posts.media,
        photos: posts.photos,
        group: posts.groupId,
        anonymous: posts.anonymous,
        postedDate: posts.createdAt,
      })
      .from(posts)
      .where(eq(posts.userId, me))
      .orderBy(asc(posts.createdAt)),
    comments: db
      .select({ id: comments.id, post: comments.postId, text: comments.text, postedDate: comments.createdAt })
      .from(comments)
      .where(eq(comments.userId, me))
      .orderBy(asc(comments.createdAt)),
    hearts: db
      .select({ post: postHearts.postId, date: postHearts.createdAt })
      .from(postHearts)
      .where(eq(postHearts.userId, me)),
    engagement: db
      .select({
        content: engagement.contentId,
        isComplete: engagement.isComplete,
        isFavourite: engagement.isFavourite,
        totalEngagementMs: engagement.totalEngagementMs,
        updatedAt: engagement.updatedAt,
      })
      .from(engagement)
      .where(eq(engagement.userId, me)),
    journal: db
      .select({ content: journalEntries.contentId, text: journalEntries.text, date: journalEntries.createdAt })
      .from(journalEntries)
      .where(eq(journalEntries.userId, me)),
    playbackPositions: db
      .select({
        content: playbackPositions.contentId,
        positionSeconds: playbackPositions.positionSeconds,
        durationSeconds: playbackPositions.durationSeconds,
        updatedAt: playbackPositions.updatedAt,
      })
      .from(playbackPositions)
      .where(eq(playbackPositions.userId, me)),
    subscriptions: db
      .select({
        tier: tiers.name,
        status: subscriptions.status,
        startDate: subscriptions.startDate,
        endDate: subscriptions.endDate,
        cancelled: subscriptions.cancelled,
        priceCents: subscriptions.priceCents,
        billingInterval: subscriptions.billingInterval,
      })
      .from(subscriptions)
      .innerJoin(tiers, eq(tiers.id, subscriptions.tierId))
      .where(eq(subscriptions.userId, me)),
    complimentaryAccess: db
      .select({
        tier: tiers.name,
        until: tierGrants.until,
        createdAt: tierGrants.createdAt,
        claimedAt: tierGrants.claimedAt,
        revokedAt: tierGrants.revokedAt,
      })
      .from(tierGrants)
      .innerJoin(tiers, eq(tiers.id, tierGrants.tierId))
      .where(eq(tierGrants.memberId, me)),
    // what was imported, not the feed's address (a sealed secret)
    contentImports: db
      .select({
        id: contentImports.id,
        source: contentImports.source,
        label: contentImports.label,
        tierId: contentImports.tierId,
        createdAt: contentImports.createdAt,
      })
      .from(contentImports)
      .where(eq(contentImports.ownerId, me)),
    offers: db
      .select({
        tier: tiers.name,
        code: offers.code,
        kind: offers.kind,
        percentOff: offers.percentOff,
        amountOffCents: offers.amountOffCents,
        duration: offers.duration,
        durationMonths: offers.durationMonths,
        trialDays: offers.trialDays,
        endsAt: offers.endsAt,
        redemptionLimit: offers.redemptionLimit,
        redeemed: offers.redeemed,
        archivedAt: offers.archivedAt,
        createdAt: offers.createdAt,
      })
      .from(offers)
      .innerJoin(tiers, eq(tiers.id, offers.tierId))
      .where(eq(offers.facilitatorId, me)),
    offersRedeemed: db
      .select({
        tier: tiers.name,
        code: offers.code,
        status: offerRedemptions.status,
        createdAt: offerRedemptions.createdAt,
      })
      .from(offerRedemptions)
      .innerJoin(offers, eq(offers.id, offerRedemptions.offerId))
      .innerJoin(tiers, eq(tiers.id, offers.tierId))
      .where(eq(offerRedemptions.userId, me)),
    complimentaryAccessGiven: db
      .select({
        tier: tiers.name,
        member: tierGrants.memberId,
        email: tierGrants.email,
        note: tierGrants.note,
        until: tierGrants.until,
        createdAt: tierGrants.createdAt,
        revokedAt: tierGrants.revokedAt,
      })
      .from(tierGrants)
      .innerJoin(tiers, eq(tiers.id, tierGrants.tierId))
      .where(eq(tierGrants.grantedBy, me)),
    memberImports: db
      .select({
        fileName: memberImports.fileName,
        format: memberImports.format,
        status: memberImports.status,
        mail: memberImports.mail,
        rowsTotal: memberImports.rowsTotal,
        createdAt: memberImports.createdAt,
        finishedAt: memberImports.finishedAt,
      })
      .from(memberImports)
      .where(eq(memberImports.facilitatorId, me)),
    importedBy: db
      .select({
        facilitator: users.name,
        email: memberImportRows.email,
        outcome: memberImportRows.outcome,
        stripeCustomerId: memberImportRows.stripeCustomerId,
        mailStatus: memberImportRows.mailStatus,
        processedAt: memberImportRows.processedAt,
      })
      .from(memberImportRows)
      .innerJoin(memberImports, eq(memberImports.id, memberImportRows.importId))
      .innerJoin(users, eq(users.id, memberImports.facilitatorId))
      .where(eq(memberImportRows.userId, me)),
    giftsBought: db
      .select({
        tier: tiers.name,
        recipientEmail: gifts.recipientEmail,
        message: gifts.message,
        months: gifts.months,
        amountCents: gifts.amountCents,
        deliverOn: gifts.deliverOn,
        createdAt: gifts.createdAt,
        paidAt: gifts.paidAt,
        deliveredAt: gifts.deliveredAt,
        claimedAt: gifts.claimedAt,
        revokedAt: gifts.revokedAt,
      })
      .from(gifts)
      .innerJoin(tiers, eq(tiers.id, gifts.tierId))
      .where(eq(gifts.buyerId, me)),
    giftsReceived: db
      .select({
        tier: tiers.name,
        from: users.name,
        message: gifts.message,
        months: gifts.months,
        claimedAt: gifts.claimedAt,
        endsAt: gifts.endsAt,
      })
      .from(gifts)
      .innerJoin(tiers, eq(tiers.id, gifts.tierId))
      .innerJoin(users, eq(users.id, gifts.buyerId))
      .where(eq(gifts.claimedBy, me)),
    checkouts: db
      .select({
        id: checkoutSessions.id,
        tier: checkoutSessions.tierId,
        session: checkoutSessions.sessionId,
        amountCents: checkoutSessions.amountCents,
        status: checkoutSessions.status,
        date: checkoutSessions.createdAt,
      })
      .from(checkoutSessions)
      .where(eq(checkoutSessions.userId, me)),
    payments: db
      .select(revenueColumns)
      .from(revenueEntries)
      .where(eq(revenueEntries.memberId, me))
      .orderBy(asc(revenueEntries.occurredAt)),
    revenue: db
      .select(revenueColumns)
      .from(revenueEntries)
      .where(eq(revenueEntries.facilitatorId, me))
      .orderBy(asc(revenueEntries.occurredAt)),
    chats: db
      .select({ room: chatRoomUsers.roomId, lastReadAt: chatRoomUsers.lastReadAt })
      .from(chatRoomUsers)
      .where(eq(chatRoomUsers.userId, me)),
    // both sides of my chats: a conversation is read whole
    messages: rooms.length
      ? db
          .select({ room: messages.roomId, from: messages.userId, text: messages.text, postedDate: messages.createdAt })
          .from(messages)
          .where(inArray(messages.roomId, rooms))
          .orderBy(asc(messages.createdAt))
      : Promise.resolve([]),
    // every place I held, booked or cancelled, with the session it was in
    bookedSessions: db
      .select({
        ...sessionColumns,
        status: sessionBookings.status,
        seats: sessionBookings.seats,
        paymentId: sessionBookings.paymentId,
        heldUntil: sessionBookings.heldUntil,
        bookedAt: sessionBookings.bookedAt,
        cancelledAt: sessionBookings.cancelledAt,
        refunded: sessionBookings.refunded,
        bookedWithCredit: sessionBookings.creditPeriodStart,
        creditReturned: sessionBookings.creditReturned,
        attended: sessionBookings.attended,
        joinedAt: sessionBookings.joinedAt,
        rating: sessionBookings.rating,
        ratingComment: sessionBookings.ratingComment,
        ratedAt: sessionBookings.ratedAt,
      })
      .from(sessionBookings)
      .innerJoin(sessions, eq(sessions.id, sessionBookings.sessionId))
      .where(eq(sessionBookings.memberId, me))
      .orderBy(asc(sessionBookings.createdAt)),
    // the waitlists I joined, and how each ended (promoted, left, an offer that lapsed)
    sessionWaitlist: db
      .select({
        ...sessionColumns,
        status: sessionWaitlist.status,
        joinedAt: sessionWaitlist.joinedAt,
        offerUntil: sessionWaitlist.offerUntil,
        endedAt: sessionWaitlist.endedAt,
      })
      .from(sessionWaitlist)
      .innerJoin(sessions, eq(sessions.id, sessionWaitlist.sessionId))
      .where(eq(sessionWaitlist.memberId, me))
      .orderBy(asc(sessionWaitlist.joinedAt)),
    // the series I booked whole: status, what I paid and what was refunded
    seriesBookings: db
      .select({
        seriesId: seriesBookings.seriesId,
        seriesName: sessionSeries.name,
        status: seriesBookings.status,
        amountCents: seriesBookings.amountCents,
        refundedCents: seriesBookings.refundedCents,
        paymentId: seriesBookings.paymentId,
        bookedAt: seriesBookings.bookedAt,
        cancelledAt: seriesBookings.cancelledAt,
        createdAt: seriesBookings.createdAt,
      })
      .from(seriesBookings)
      .leftJoin(sessionSeries, eq(sessionSeries.id, seriesBookings.seriesId))
      .where(eq(seriesBookings.memberId, me))
      .orderBy(asc(seriesBookings.createdAt)),
    sessionsOffered: db
      .select({ ...sessionColumns, capacity: sessions.capacity, cancellationHours: sessions.cancellationHours })
      .from(sessions)
      .where(eq(sessions.facilitatorId, me))
      .orderBy(asc(sessions.startTime)),
    sessionSeries: db
      .select({
        id: sessionSeries.id,
        rrule: sessionSeries.rrule,
        timeZone: sessionSeries.timeZone,
        localStart: sessionSeries.localStart,
        durationMinutes: sessionSeries.durationMinutes,
        name: sessionSeries.name,
        description: sessionSeries.description,
        priceCents: sessionSeries.priceCents,
        meetingUrl: sessionSeries.meetingUrl,
        createdAt: sessionSeries.createdAt,
      })
      .from(sessionSeries)
      .where(eq(sessionSeries.facilitatorId, me)),
    ownedGroups: db
      .select({
        id: groups.id,
        name: groups.name,
        description: groups.description,
        category: groups.category,
        isPrivate: groups.isPrivate,
        isHidden: groups.isHidden,
        memberCap: groups.memberCap,
        createdAt: groups.createdAt,
      })
      .from(groups)
      .where(eq(groups.ownerId, me)),
    // approved memberships and pending or declined requests alike
    groupMemberships: db
      .select({
        group: memberships.groupId,
        groupName: groups.name,
        status: memberships.status,
        requestText: memberships.requestText,
        viaTier: memberships.grantedByTierId,
        date: memberships.createdAt,
      })
      .from(memberships)
      .innerJoin(groups, eq(groups.id, memberships.groupId))
      .where(eq(memberships.userId, me)),
    notifications: db
      .select({
        message: notifications.message,
        link: notifications.link,
        viewed: notifications.viewed,
        date: notifications.createdAt,
      })
      .from(notifications)
      .where(eq(notifications.userId, me))
      .orderBy(asc(notifications.createdAt)),
    tiers: db
      .select({
        id: tiers.id,
        name: tiers.name,
        description: tiers.description,
        priceCents: tiers.priceCents,
        type: tiers.type,
        published: tiers.published,
        billingInterval: tiers.billingInterval,
        associatedGroup: tiers.associatedGroupId,
        contentQueue: tiers.contentQueue,
        // a subscription's prices, one per interval (tier_prices)
        prices: sql`(select coalesce(json_agg(json_build_object('interval', p.interval, 'amountCents', p.amount_cents,
          'isDefault', p.is_default) order by p.created_at), '[]'::json) from ${tierPrices} p where p.tier_id = ${tiers.id})`,
      })
      .from(tiers)
      .where(eq(tiers.userId, me)),
    content: db
      .select({
        id: content.id,
        title: content.title,
        description: content.description,
        media: content.media,
        thumbnail: content.thumbnail,
        contentType: content.contentType,
        postedDate: content.postedDate,
      })
      .from(content)
      .where(eq(content.userId, me)),
    uploads: db
      .select({
        key: mediaFiles.key,
        contentType: mediaFiles.contentType,
        size: mediaFiles.size,
        originalName: mediaFiles.originalName,
        date: mediaFiles.createdAt,
      })
      .from(mediaFiles)
      .where(eq(mediaFiles.ownerId, me)),
    images: db
      .select({ path: images.path, contentType: images.contentType, size: images.size, date: images.createdAt })
      .from(images)
      .where(eq(images.ownerId, me)),
    // when I signed in (the tokens themselves are secrets)
    signIns: db
      .select({
        date: authSessions.createdAt,
        lastSeenAt: authSessions.lastSeenAt,
        browser: authSessions.userAgent,
        expiresAt: authSessions.expiresAt,
      })
      .from(authSessions)
      .where(eq(authSessions.userId, me)),
    adminActions: db
      .select({
        action: auditLog.action,
        targetType: auditLog.targetType,
        targetId: auditLog.targetId,
        details: auditLog.details,
        date: auditLog.createdAt,
      })
      .from(auditLog)
      .where(eq(auditLog.adminId, me)),
    emailPreferences: db
      .select({ type: emailPreferences.type, frequency: emailPreferences.frequency })
      .from(emailPreferences)
      .where(eq(emailPreferences.userId, me)),
    // the devices that get my pushes (their push addresses and keys are the browser's secrets)
    pushDevices: db
      .select({
        device: pushSubscriptions.label,
        date: pushSubscriptions.createdAt,
        lastUsedAt: pushSubscriptions.lastUsedAt,
      })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, me)),
    pushPreferences: db
      .select({
        dailyReminder: pushPreferences.dailyReminder,
        reminderTime: pushPreferences.reminderTime,
        messages: pushPreferences.messages,
        sessions: pushPreferences.sessions,
        replies: pushPreferences.replies,
        announcements: pushPreferences.announcements,
        lastReminder: pushPreferences.remindedOn,
      })
      .from(pushPreferences)
      .where(eq(pushPreferences.userId, me)),
    announcements: db
      .select({
        id: announcements.id,
        tier: announcements.tierId,
        subject: announcements.subject,
        body: announcements.bodyMarkdown,
        recipientCount: announcements.recipientCount,
        date: announcements.createdAt,
      })
      .from(announcements)
      .where(eq(announcements.facilitatorId, me))
      .orderBy(asc(announcements.createdAt)),
    referralsMade: db
      .select(referralColumns)
      .from(referrals)
      .where(eq(referrals.referrerId, me))
      .orderBy(asc(referrals.signedUpAt)),
    referredBy: db.select(referralColumns).from(referrals).where(eq(referrals.refereeId, me)),
    referredFirstPayments: db
      .select(referralColumns)
      .from(referrals)
      .where(eq(referrals.facilitatorId, me))
      .orderBy(asc(referrals.signedUpAt)),
    referralReward: db
      .select({ offer: referralRewardChoices.offerId, updatedAt: referralRewardChoices.updatedAt })
      .from(referralRewardChoices)
      .where(eq(referralRewardChoices.facilitatorId, me)),
    businessExports: db
      .select({
        scope: businessExports.scope,
        state: businessExports.state,
        sizeBytes: businessExports.sizeBytes,
        createdAt: businessExports.createdAt,
        expiresAt: businessExports.expiresAt,
      })
      .from(businessExports)
      .where(eq(businessExports.requestedBy, me))
      .orderBy(asc(businessExports.createdAt)),
  };
  const entries = await Promise.all(
    Object.entries({ ...sections, ...moderation }).map(async ([name, rows]) => [name, await rows] as const),
  );
  return {
    exportedAt: new Date().toISOString(),
    profile: presentOwnProfile(user),
    ...(Object.fromEntries(entries) as Record<Section, unknown[]>),
  };
}

const revenueColumns = {
  tier: revenueEntries.tierName,
  kind: revenueEntries.kind,
  amountCents: revenueEntries.amountCents,
  feeCents: revenueEntries.feeCents,
  date: revenueEntries.occurredAt,
};
