import {
  DIGEST_TOPIC,
  type EmailFrequency,
  NOTIFICATION_TYPE_INFO,
  type NotificationType,
} from '../../../common/notifications/types';
import type { AppContext } from '../../platform/context';
import {
  accountExists,
  listEmailPreferences,
  loadFrequencies,
  setFrequencies,
  setFrequency,
} from './email-preferences';
import type { readUnsubscribeToken } from './unsubscribe-link';

/**
 * Settings → Email notifications and the one-click unsubscribe, as commands taking the request's
 * context (email-preferences.ts reads and writes the rows).
 */

/** What an unsubscribe link names: one user and one type, or 'digest' (every type of the daily summary). */
export type UnsubscribeLink = NonNullable<ReturnType<typeof readUnsubscribeToken>>;

/** Settings → Email notifications: every type with its label, my frequency and its choices. */
export const myEmailPreferences = (ctx: AppContext, userId: string) => listEmailPreferences(ctx.db, userId);

/** Saves my choices (the caller has checked each is offered) and answers the whole list again. */
export async function chooseEmailFrequencies(
  ctx: AppContext,
  userId: string,
  chosen: Partial<Record<NotificationType, EmailFrequency>>,
) {
  await setFrequencies(ctx.db, userId, chosen);
  return myEmailPreferences(ctx, userId);
}

/** Whether the account an unsubscribe link names still exists. */
export const linkedAccountExists = (ctx: AppContext, link: UnsubscribeLink) => accountExists(ctx.db, link.userId);

/** What a link would turn off and how often it mails now ('digest' is on while any type is in the summary). */
export async function unsubscribeInfo(ctx: AppContext, link: UnsubscribeLink) {
  const frequencies = (await loadFrequencies(ctx.db, [link.userId])).get(link.userId)!;
  if (link.type === 'digest') {
    const any = Object.values(frequencies).includes('digest');
    return { type: link.type, label: DIGEST_TOPIC.label, frequency: any ? ('digest' as const) : ('off' as const) };
  }
  return { type: link.type, label: NOTIFICATION_TYPE_INFO[link.type].label, frequency: frequencies[link.type] };
}

/** Turns off what the link names: its type, or for 'digest' every type the daily summary gathered. */
export async function unsubscribe(ctx: AppContext, link: UnsubscribeLink) {
  if (link.type === 'digest') {
    const frequencies = (await loadFrequencies(ctx.db, [link.userId])).get(link.userId)!;
    const inDigest = Object.entries(frequencies).filter(([, f]) => f === 'digest');
    await setFrequencies(ctx.db, link.userId, Object.fromEntries(inDigest.map(([type]) => [type, 'off'])));
    return { type: link.type, label: DIGEST_TOPIC.label, frequency: 'off' as const };
  }
  await setFrequency(ctx.db, link.userId, link.type, 'off');
  return { type: link.type, label: NOTIFICATION_TYPE_INFO[link.type].label, frequency: 'off' as const };
}
