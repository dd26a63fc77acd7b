import webpush from 'web-push';
import type { Database } from '../../db/client';
import type { AppContext } from '../../platform/context';
import { sharedSecret } from '../../platform/app-secret';

/** What web-push signs a push's VAPID token with (RFC 8292). */
export type VapidDetails = { subject: string; publicKey: string; privateKey: string };

/** The server_secrets row of the generated pair: both keys in one value, so one insert wins for both. */
const VAPID_SECRET = 'vapid_keys';

const resolved = new WeakMap<Database, Promise<VapidDetails>>();

/**
 * This instance set's VAPID keys: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when given, otherwise a
 * pair generated once with web-push into server_secrets (first insert wins, as the app secret),
 * so every instance on one database signs with the same key and browsers' subscriptions, made
 * with its public half, keep working after a restart. Read once per database.
 */
export function vapidDetails(ctx: Pick<AppContext, 'db' | 'config'>): Promise<VapidDetails> {
  let details = resolved.get(ctx.db);
  if (!details) {
    details = resolveVapid(ctx);
    details.catch(() => resolved.delete(ctx.db));
    resolved.set(ctx.db, details);
  }
  return details;
}

async function resolveVapid(ctx: Pick<AppContext, 'db' | 'config'>): Promise<VapidDetails> {
  const subject = vapidSubject(ctx.config);
  if (ctx.config.vapidKeys) return { subject, ...ctx.config.vapidKeys };
  const stored = await sharedSecret(ctx.db, VAPID_SECRET, JSON.stringify(webpush.generateVAPIDKeys()));
  const { publicKey, privateKey } = JSON.parse(stored) as { publicKey: string; privateKey: string };
  return { subject, publicKey, privateKey };
}

/**
 * Who a push service may contact about our pushes (the token's `sub`): VAPID_SUBJECT, else
 * PUBLIC_URL when it is https, else mailto: the address of MAIL_FROM. Apple's service refuses a
 * localhost subject, which only a development install has.
 */
export function vapidSubject(config: Pick<AppContext['config'], 'vapidSubject' | 'publicUrl' | 'mailFrom'>) {
  if (config.vapidSubject) return config.vapidSubject;
  if (config.publicUrl.startsWith('https://')) return config.publicUrl;
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim();
  return `mailto:${address}`;
}
