import type { NotificationType } from '../notifications/types';

/**
 * The kinds of Web Push a member chooses (Settings → Notifications), one set per member that every
 * device of theirs follows. Each is on when they first turn push on; the daily reminder comes at
 * DEFAULT_REMINDER_TIME in their own time zone until they pick another time.
 */
export const PUSH_KINDS = ['dailyReminder', 'messages', 'sessions', 'replies', 'announcements'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

export const PUSH_KIND_INFO: Record<PushKind, { label: string; hint: string }> = {
  dailyReminder: { label: 'Daily practice reminder', hint: 'At the time you choose, on days your practice is there.' },
  messages: { label: 'New direct messages', hint: 'When someone writes to you while you are away.' },
  sessions: { label: 'Sessions starting in 1 hour', hint: 'For the sessions you booked or host.' },
  replies: { label: 'Replies to your posts and comments', hint: 'When someone comments on your post or answers you.' },
  announcements: { label: 'Announcements', hint: 'From the facilitators you subscribe to.' },
};

/** What a member gets when they first turn push on: every kind, the reminder at 08:00. */
export const DEFAULT_PUSH_KINDS: Record<PushKind, boolean> = {
  dailyReminder: true,
  messages: true,
  sessions: true,
  replies: true,
  announcements: true,
};
export const DEFAULT_REMINDER_TIME = '08:00';

/**
 * The notifications that also go out as a push, and the kind that decides it: a direct message
 * while away, a comment on one's post or a reply to one's comment, an announcement. The session
 * and practice pushes are not notifications of their own (the 1-hour reminder and the daily
 * reminder are sent by their jobs).
 */
export const PUSH_KIND_OF_TYPE: Partial<Record<NotificationType, Exclude<PushKind, 'dailyReminder' | 'sessions'>>> = {
  message: 'messages',
  comment: 'replies',
  announcement: 'announcements',
};

/** 'HH:MM', 24-hour. */
export const REMINDER_TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;
