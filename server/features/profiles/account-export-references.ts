/**
 * Which section of the export holds the rows of each column that points at a user
 * (`table.column` -> section). account-export.test.ts derives the list of such columns from the
 * schema, so a new table that holds a user's rows fails it until it is exported (account-export.ts) or listed
 * below with its reason.
 */
export const EXPORTED_USER_REFERENCES = {
  'posts.user_id': 'posts',
  'comments.user_id': 'comments',
  'post_hearts.user_id': 'hearts',
  'engagement.user_id': 'engagement',
  'journal_entries.user_id': 'journal',
  'playback_positions.user_id': 'playbackPositions',
  'subscriptions.user_id': 'subscriptions',
  'tier_grants.member_id': 'complimentaryAccess',
  'tier_grants.granted_by': 'complimentaryAccessGiven',
  'gifts.buyer_id': 'giftsBought',
  'gifts.claimed_by': 'giftsReceived',
  'checkout_sessions.user_id': 'checkouts',
  'revenue_entries.member_id': 'payments',
  'revenue_entries.facilitator_id': 'revenue',
  'chat_room_users.user_id': 'chats',
  'messages.user_id': 'messages',
  'session_bookings.member_id': 'bookedSessions',
  'session_waitlist.member_id': 'sessionWaitlist',
  'series_bookings.member_id': 'seriesBookings',
  'sessions.facilitator_id': 'sessionsOffered',
  'session_series.facilitator_id': 'sessionSeries',
  'groups.owner_id': 'ownedGroups',
  'memberships.user_id': 'groupMemberships',
  'notifications.user_id': 'notifications',
  'tiers.user_id': 'tiers',
  'content.user_id': 'content',
  'media_files.owner_id': 'uploads',
  'images.owner_id': 'images',
  'auth_sessions.user_id': 'signIns',
  'audit_log.admin_id': 'adminActions',
  'email_preferences.user_id': 'emailPreferences',
  'push_subscriptions.user_id': 'pushDevices',
  'push_preferences.user_id': 'pushPreferences',
  'announcements.facilitator_id': 'announcements',
  'referrals.referrer_id': 'referralsMade',
  'referrals.referee_id': 'referredBy',
  'referrals.facilitator_id': 'referredFirstPayments',
  'offers.facilitator_id': 'offers',
  'content_imports.owner_id': 'contentImports',
  'offer_redemptions.user_id': 'offersRedeemed',
  'referral_reward_choices.facilitator_id': 'referralReward',
  'business_exports.requested_by': 'businessExports',
  'member_imports.facilitator_id': 'memberImports',
  'member_import_rows.user_id': 'importedBy',
  'blocks.blocker_id': 'blocks',
  'reports.reporter_id': 'reportsMade',
  'moderation_warnings.user_id': 'moderationWarnings',
  'moderation_actions.subject_id': 'moderationOfMe',
  'moderation_actions.actor_id': 'moderationActionsTaken',
  'group_mutes.user_id': 'groupMutes',
  'group_moderators.user_id': 'moderatorOf',
} as const;

/** Columns pointing at a user whose rows are not exported, and why. */
export const UNEXPORTED_USER_REFERENCES: Record<string, string> = {
  'verification_codes.user_id': 'one-time codes: secret hashes that expire within minutes',
  'recovery_codes.user_id': 'two-factor recovery codes: secret hashes (the owner was shown them once)',
  'login_challenges.user_id':
    'a sign-in between its password and its second step: a secret hash gone within 10 minutes',
  'password_resets.user_id': 'password reset links: secret hashes',
  'image_upload_tokens.user_id': 'single-use upload permits that expire within minutes',
  'live_presence.user_id': 'whether a tab is connected right now, written when it connects and removed when it closes',
  'post_heart_notices.user_id': 'which hearts were already notified (the hearts are exported)',
  'daily_mails.user_id': 'the day the last digest and practice mail went out (the mails themselves were sent to you)',
  'idempotency_keys.user_id': 'the first answers of retried writes, kept 24 hours so a retry does not write twice',
  'calendar_feeds.user_id': 'the private calendar feed address: a secret (its hash and its sealed token)',
  'session_tombstones.facilitator_id':
    'deleted sessions kept 30 days so subscribed calendars drop them (the sessions were exported while they existed)',
  'blocks.blocked_id':
    "who blocks me: the blocker's own choice, kept from the person blocked (they see only that they cannot reply)",
  'moderation_cases.author_id':
    'review-queue items about your content: the decisions on them are in moderationOfMe; who reported you is private',
  'group_moderators.appointed_by':
    'who appointed a group moderator: part of the group, the appointee has it in moderatorOf',
  'facilitator_search.user_id':
    "a copy of the name, username, category, bio and published tiers for Explore's search (all exported)",
};

export type Section = (typeof EXPORTED_USER_REFERENCES)[keyof typeof EXPORTED_USER_REFERENCES];
