import { createHmac } from 'node:crypto';
import {
  DIGEST_TOPIC,
  NOTIFICATION_TYPE_INFO,
  NOTIFICATION_TYPES,
  type NotificationType,
  type UnsubscribeTopic,
} from '../../../common/notifications/types';
import { sameHash } from '../../platform/secrets';
import type { MailFooter } from '../mail/layout';

/**
 * The one-click unsubscribe: a token naming a user and a notification type, signed
 * with the app secret, that works without signing in and never expires (an old mail's link
 * still works). It can only turn that one type off for that one user.
 */
export function unsubscribeToken(secret: string, userId: string, type: UnsubscribeTopic) {
  const payload = Buffer.from(`${userId}:${type}`).toString('base64url');
  return `${payload}.${sign(secret, payload)}`;
}

export function readUnsubscribeToken(secret: string, token: string): { userId: string; type: UnsubscribeTopic } | null {
  const [payload, signature, ...rest] = token.split('.');
  if (!payload || !signature || rest.length > 0 || !sameHash(sign(secret, payload), signature)) return null;
  const [userId, type] = Buffer.from(payload, 'base64url').toString().split(':');
  if (!userId || !(type === 'digest' || NOTIFICATION_TYPES.includes(type as NotificationType))) return null;
  return { userId, type: type as UnsubscribeTopic };
}

const sign = (secret: string, payload: string) =>
  createHmac('sha256', secret).update(`unsubscribe\n${payload}`).digest('base64url');

/**
 * The footer of a notification mail: why it came (the type's reason), the one-click unsubscribe
 * (the web page `/unsubscribe?token=`; the same token POSTed to `/api/unsubscribe` is the RFC 8058
 * one-click the mail app uses) and the settings page.
 */
export function notificationFooter(
  site: { publicUrl: string; appSecret: string },
  userId: string,
  type: UnsubscribeTopic,
): MailFooter {
  const token = unsubscribeToken(site.appSecret, userId, type);
  return {
    reason: type === 'digest' ? DIGEST_TOPIC.reason : NOTIFICATION_TYPE_INFO[type].reason,
    unsubscribeUrl: `${site.publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`,
    oneClickUrl: `${site.publicUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`,
    settingsUrl: `${site.publicUrl}/settings#email-notifications`,
  };
}
