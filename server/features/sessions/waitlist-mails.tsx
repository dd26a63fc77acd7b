import { eq } from 'drizzle-orm';
import { centsToDollars, formatUsd } from '../../../common/money';
import { formatDateTime } from '../../../common/time';
import { type Session, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { BrandedMail } from '../mail/compose';
import { ActionButton, type MailFooter, Paragraph } from '../mail/layout';
import { queueMail } from '../mail/outbox';
import { composeBranded, mailSite } from '../mail/send';
import { loadEmailSettings } from '../notifications/email-preferences';
import { notificationFooter } from '../notifications/unsubscribe-link';
import { MailFact, SessionMailOpening, type SessionParty, sessionTimes } from './mails';
import { sessionCalendarPath } from '@common/sessions/links';

type OfferSession = Pick<Session, 'id' | 'name' | 'startTime' | 'endTime' | 'priceCents' | 'facilitatorId'>;

export type OfferMailFacts = {
  session: OfferSession;
  recipient: SessionParty;
  facilitator: Pick<SessionParty, 'name'>;
  /** the place is held for them until then */
  until: Date;
  /** offered again because the price changed while it was held for them */
  again: boolean;
  footer: MailFooter;
  publicUrl: string;
};

/**
 * A place offered from a paid session's waitlist: a mail of its own (not the generic notification
 * mail) saying by when to book, in the member's zone, with the link to the session in the calendar,
 * open, where the held place is paid for. No invitation is attached: nothing is booked until they pay.
 */
export const waitlistOfferMail =
  (f: OfferMailFacts): BrandedMail =>
  (brand) => {
    const zone = f.recipient.timeZone;
    const by = formatDateTime(f.until, zone, { withZone: true });
    const price = formatUsd(centsToDollars(f.session.priceCents));
    const subject = f.again
      ? `New price for ${f.session.name}: your place is held until ${by}`
      : `A place opened up in ${f.session.name}: book it by ${by}`;
    const lead = f.again
      ? `The price of ${f.session.name} changed to ${price} while a place was held for you. The place is still yours to book at the new price until ${by}.`
      : `A place opened up in ${f.session.name} with ${f.facilitator.name}, and you were next on the waitlist. It is held for you until ${by}.`;
    const href = `${f.publicUrl}${sessionCalendarPath(f.session)}`;
    return {
      to: f.recipient.email,
      subject,
      preview: lead,
      body: (
        <>
          <SessionMailOpening recipient={f.recipient.name} lead={lead} title={f.session.name}>
            <MailFact>When: {sessionTimes(f.session, zone)}</MailFact>
            <MailFact>With: {f.facilitator.name}</MailFact>
            <MailFact>Price: {price}</MailFact>
            <MailFact>Book by: {by}</MailFact>
          </SessionMailOpening>
          <ActionButton href={href} color={brand.accentColor}>
            Book your place
          </ActionButton>
          <Paragraph>
            Open the session on the calendar and pay to book it. If it is not booked by then, the place goes to the next
            person in line.
          </Paragraph>
        </>
      ),
      footer: f.footer,
    };
  };

type MailCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

/**
 * Queues the offer mail to the member a place is offered to, when their 'session' mails are
 * 'Immediately' and their address confirmed (a digest would come after the offer ends). Keyed by
 * the entry and the offer's end, so a retry mails once and an offer made again mails again.
 */
export async function mailWaitlistOffer(
  ctx: MailCtx,
  offer: { session: OfferSession; memberId: string; entryId: string; until: Date; again: boolean },
) {
  const [recipient] = await ctx.db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      timeZone: users.timeZone,
      emailConfirmed: users.emailConfirmed,
    })
    .from(users)
    .where(eq(users.id, offer.memberId));
  const [facilitator] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, offer.session.facilitatorId));
  if (!recipient?.emailConfirmed || !facilitator) return false;
  const settings = await loadEmailSettings(ctx.db, [recipient.id]);
  if (settings.get(recipient.id)?.effective.session !== 'immediately') return false;
  const build = waitlistOfferMail({
    session: offer.session,
    recipient,
    facilitator,
    until: offer.until,
    again: offer.again,
    footer: notificationFooter(
      { publicUrl: ctx.config.publicUrl, appSecret: ctx.config.appSecret },
      recipient.id,
      'session',
    ),
    publicUrl: ctx.config.publicUrl,
  });
  const mail = await composeBranded(await mailSite(ctx), build);
  await queueMail(ctx, mail, { key: `waitlist-offer-mail:${offer.entryId}:${offer.until.toISOString()}` });
  return true;
}
