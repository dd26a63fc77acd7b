import { z } from 'zod';
import {
  EMAIL_FREQUENCIES,
  type EmailFrequency,
  NOTIFICATION_TYPE_INFO,
  NOTIFICATION_TYPES,
  type NotificationType,
} from './types';

export const NotificationAnswer = z.object({
  _id: z.string(),
  message: z.string(),
  link: z.string(),
  viewed: z.boolean(),
  createdAt: z.string(),
});
export type NotificationAnswer = z.infer<typeof NotificationAnswer>;
export const NotificationListAnswer = z.array(NotificationAnswer);

/**
 * GET app/notifications?limit=&cursor=: newest first; the `next-cursor` response header is the
 * `cursor` of the following page (absent at the end).
 */
export const NotificationListQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(100),
  cursor: z.string().max(300).optional(),
});

export const NotificationIdParams = z.object({ id: z.string().uuid('Invalid id') });
/** GET app/notifications/view-all and view/{id}. */
export const NotificationStatusAnswer = z.object({ status: z.literal('ok') });

const NotificationTypeField = z.enum(NOTIFICATION_TYPES);
const FrequencyField = z.enum(EMAIL_FREQUENCIES);

/** One row of Settings → Email notifications. */
export const EmailPreferenceAnswer = z.object({
  type: NotificationTypeField,
  label: z.string(),
  frequency: FrequencyField,
  /** the frequencies this type offers, in the order shown */
  choices: z.array(FrequencyField),
  default: FrequencyField,
});
export type EmailPreferenceAnswer = z.infer<typeof EmailPreferenceAnswer>;
/** GET app/email-preferences: every type, in the order of NOTIFICATION_TYPES. */
export const EmailPreferencesAnswer = z.array(EmailPreferenceAnswer);

/** A frequency this type does not offer (the practice mail has no digest) is refused. */
const offered = (type: NotificationType, frequency: EmailFrequency) =>
  NOTIFICATION_TYPE_INFO[type].choices.includes(frequency);

/**
 * POST app/email-preferences: one type's frequency `{type, frequency}`, or several at once
 * `{frequencies: {comment: 'off', heart: 'immediately'}}`. Answers every row, as GET does.
 */
export const EmailPreferenceRequest = z.union([
  z
    .object({ type: NotificationTypeField, frequency: FrequencyField })
    .strict()
    .refine((v) => offered(v.type, v.frequency), {
      message: 'That email frequency is not offered for this kind of notification',
      path: ['frequency'],
    }),
  z
    .object({ frequencies: z.partialRecord(NotificationTypeField, FrequencyField) })
    .strict()
    .refine((v) => Object.keys(v.frequencies).length > 0, {
      message: 'Choose at least one frequency',
      path: ['frequencies'],
    })
    .refine(
      (v) =>
        Object.entries(v.frequencies).every(([type, frequency]) =>
          offered(type as NotificationType, frequency as EmailFrequency),
        ),
      { message: 'That email frequency is not offered for this kind of notification', path: ['frequencies'] },
    ),
]);
export type EmailPreferenceRequest = z.infer<typeof EmailPreferenceRequest>;

/** The signed link of a notification mail's footer (and its List-Unsubscribe header). */
export const UnsubscribeQuery = z.object({ token: z.string().min(1).max(500) });

/**
 * POST unsubscribe?token=: RFC 8058 one-click (a mail app POSTs `List-Unsubscribe=One-Click` as
 * a form) or the /unsubscribe page (JSON, or no body). Nothing in the body is needed.
 */
export const UnsubscribeBody = z.union([z.record(z.string(), z.unknown()), z.null()]).optional();

/** GET unsubscribe/info and POST unsubscribe: which kind of mail the link is about, and its state now. */
export const UnsubscribeAnswer = z.object({
  /** a notification type, or 'digest' (the daily summary: every type in it goes to 'Off') */
  type: z.union([NotificationTypeField, z.literal('digest')]),
  label: z.string(),
  frequency: FrequencyField,
});
export type UnsubscribeAnswer = z.infer<typeof UnsubscribeAnswer>;
