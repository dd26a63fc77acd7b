/**
 * The kinds of notification and how each may reach a member by email.
 * Every `notify` names its type; Settings → Email notifications sets a frequency per type, and a
 * type the member never set uses its default here.
 */
export const NOTIFICATION_TYPES = [
  'message',
  'session',
  'recording',
  'announcement',
  'payment',
  'practice',
  'comment',
  'join_request',
  'request_decided',
  'subscriber',
  'heart',
  'moderation',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const EMAIL_FREQUENCIES = ['immediately', 'digest', 'off'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];

export type NotificationTypeInfo = {
  /** the row's label in Settings → Email notifications */
  label: string;
  /** why the member gets the mail, for its footer ('You get this email because …') */
  reason: string;
  default: EmailFrequency;
  /** the frequencies the member may choose (a daily mail has no digest of its own) */
  choices: readonly EmailFrequency[];
};

const ALL = EMAIL_FREQUENCIES;

export const NOTIFICATION_TYPE_INFO: Record<NotificationType, NotificationTypeInfo> = {
  message: {
    label: 'Direct messages while you are away',
    reason: 'someone sent you a direct message while you were not in the app',
    default: 'immediately',
    choices: ALL,
  },
  session: {
    label: 'Sessions booked, changed or cancelled, and reminders',
    reason: 'you booked or host a session',
    default: 'immediately',
    choices: ALL,
  },
  recording: {
    label: 'Recordings of sessions you booked',
    reason: 'you booked a session whose recording is now ready',
    default: 'immediately',
    choices: ALL,
  },
  announcement: {
    label: 'Announcements from facilitators you subscribe to',
    reason: 'you subscribe to a facilitator who sent an announcement',
    default: 'immediately',
    choices: ALL,
  },
  payment: {
    label: 'Payments, renewals and refunds',
    reason: 'a payment on your account changed',
    default: 'immediately',
    choices: ALL,
  },
  practice: {
    label: 'Your practice for today',
    reason: 'new practice content was released to you today',
    default: 'immediately',
    choices: ['immediately', 'off'],
  },
  comment: {
    label: 'Comments and replies on your posts',
    reason: 'someone commented on your post or replied to your comment',
    default: 'digest',
    choices: ALL,
  },
  join_request: {
    label: 'Requests to join your groups',
    reason: 'someone asked to join a group you run',
    default: 'digest',
    choices: ALL,
  },
  request_decided: {
    label: 'Your requests to join groups',
    reason: 'a group you asked to join decided on your request',
    default: 'digest',
    choices: ALL,
  },
  subscriber: {
    label: 'New subscribers and cancellations',
    reason: 'a member subscribed to or cancelled one of your plans',
    default: 'digest',
    choices: ALL,
  },
  heart: {
    label: 'Hearts on your posts',
    reason: 'someone hearted your post',
    default: 'off',
    choices: ALL,
  },
  moderation: {
    label: 'Reports you made and moderation of your posts',
    reason: 'a report you made was reviewed, or a moderator acted on your content',
    default: 'immediately',
    choices: ALL,
  },
};

/** A member's frequency for each type: what they chose, else the default. */
export function effectiveFrequencies(
  chosen: Partial<Record<NotificationType, EmailFrequency>>,
): Record<NotificationType, EmailFrequency> {
  return Object.fromEntries(
    NOTIFICATION_TYPES.map((type) => {
      const pick = chosen[type];
      const info = NOTIFICATION_TYPE_INFO[type];
      return [type, pick && info.choices.includes(pick) ? pick : info.default];
    }),
  ) as Record<NotificationType, EmailFrequency>;
}

/**
 * What a one-click unsubscribe link turns off: one notification type, or 'digest', the daily
 * summary (every type the member gets in the digest goes to 'Off').
 */
export type UnsubscribeTopic = NotificationType | 'digest';
export const DIGEST_TOPIC = {
  label: 'Daily digest',
  reason: 'you chose to get some of your notifications as a daily summary',
} as const;
