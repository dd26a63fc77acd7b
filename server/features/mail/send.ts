import { randomUUID } from 'node:crypto';
import type { AppContext } from '../../platform/context';
import { loadBrand } from '../site/brand';
import { type BrandedMail, composeMail } from './compose';
import { queueMail, sendAccountMail } from './outbox';

type MailCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'mailer' | 'log'>;

/** The site a mail is framed in: its brand now, the public address and the server's MAIL_FROM. */
export async function mailSite(ctx: Pick<AppContext, 'db' | 'config'>) {
  return { brand: await loadBrand(ctx.db), publicUrl: ctx.config.publicUrl, mailFrom: ctx.config.mailFrom };
}

/** Frames a mail in a site already loaded (a batch of mails loads it once). */
export const composeBranded = (site: Awaited<ReturnType<typeof mailSite>>, build: BrandedMail) =>
  composeMail(site, build(site.brand, `${site.publicUrl}/settings`));

/** Renders a mail in the site's current brand. */
export async function renderBranded(ctx: Pick<AppContext, 'db' | 'config'>, build: BrandedMail) {
  return composeBranded(await mailSite(ctx), build);
}

/**
 * A code or link the member is waiting for on screen: sent now, and a permanent SMTP refusal
 * answers 502 `email_not_sent` ('We could not send the email, try again').
 */
export async function mailNow(ctx: MailCtx, build: BrandedMail) {
  await sendAccountMail(ctx, await renderBranded(ctx, build), `account:${randomUUID()}`);
}

/** A notice nobody waits for on screen: queued, retried while SMTP is down, sent once per key. */
export async function mailLater(ctx: MailCtx, build: BrandedMail, key = `account:${randomUUID()}`) {
  await queueMail(ctx, await renderBranded(ctx, build), { key });
}
