import { z } from 'zod';
import { REMINDER_TIME_PATTERN } from './kinds';

const base64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, 'Must be base64url');

/** GET push/key: the VAPID public key a browser subscribes with (applicationServerKey), base64url. */
export const PushKeyAnswer = z.object({ publicKey: z.string() });

/**
 * A browser's push subscription as `PushSubscription.toJSON()` gives it: the push service's
 * endpoint and the keys to encrypt to (a P-256 public key, 65 bytes, and a 16-byte auth secret).
 */
export const PushSubscriptionInput = z.object({
  endpoint: z.string().url().max(2048),
  expirationTime: z.number().nullable().optional(),
  keys: z.object({ p256dh: base64url(80, 100), auth: base64url(16, 32) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** One device of mine in Settings → Notifications. */
export const PushDeviceAnswer = z.object({
  _id: z.string(),
  /** 'Chrome on Android' */
  label: z.string(),
  createdAt: z.string(),
  /** the last push its push service accepted; null: none yet */
  lastUsedAt: z.string().nullable(),
  /** made in the sign-in session asking */
  thisDevice: z.boolean(),
});
export type PushDeviceAnswer = z.infer<typeof PushDeviceAnswer>;

/** The kinds I chose (common/push/kinds.ts) and the time of my daily reminder. */
export const PushPreferencesAnswer = z.object({
  dailyReminder: z.boolean(),
  /** 'HH:MM' in `timeZone` */
  reminderTime: z.string(),
  messages: z.boolean(),
  sessions: z.boolean(),
  replies: z.boolean(),
  announcements: z.boolean(),
  /** my time zone (the account's), which the reminder time is in */
  timeZone: z.string(),
});
export type PushPreferencesAnswer = z.infer<typeof PushPreferencesAnswer>;

/** GET app/push and the answer of every change: my devices (this one first) and my kinds. */
export const PushSettingsAnswer = z.object({
  devices: z.array(PushDeviceAnswer),
  preferences: PushPreferencesAnswer,
});
export type PushSettingsAnswer = z.infer<typeof PushSettingsAnswer>;

/** POST app/push/preferences: any of the kinds, and the reminder time ('HH:MM', 24-hour). */
export const PushPreferencesRequest = z
  .object({
    dailyReminder: z.boolean(),
    reminderTime: z.string().regex(REMINDER_TIME_PATTERN, 'Use a time as HH:MM, 00:00 to 23:59'),
    messages: z.boolean(),
    sessions: z.boolean(),
    replies: z.boolean(),
    announcements: z.boolean(),
  })
  .partial()
  .strict()
  .refine((v) => Object.keys(v).length > 0, { message: 'Change at least one setting' });
export type PushPreferencesRequest = z.infer<typeof PushPreferencesRequest>;

/**
 * POST push/resubscribe, sent by the service worker when the browser replaced a subscription
 * ('pushsubscriptionchange'): the old endpoint, which only that browser and this server know,
 * stands for the device; the new subscription takes its place.
 */
export const ResubscribeRequest = z.object({
  oldEndpoint: z.string().url().max(2048),
  subscription: PushSubscriptionInput,
});
export const ResubscribeAnswer = z.object({ status: z.literal('ok') });
