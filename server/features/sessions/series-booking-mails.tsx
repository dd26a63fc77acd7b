import { eq } from 'drizzle-orm';
import { type SeriesBooking, type SessionSeries, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import { ActionButton, Paragraph } from '../mail/layout';
import { queueMail } from '../mail/outbox';
import { composeBranded, mailSite } from '../mail/send';
import { loadEmailSettings } from '../notifications/email-preferences';
import { notificationFooter } from '../notifications/unsubscribe-link';
import { seriesBookingIcs } from './series-booking-ics';
import { MailFact, SessionMailOpening } from './mails';

type MailCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;
type Facts = { series: SessionSeries; booking: SeriesBooking; memberId: string; places: number; now: Date };

const usd = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/**
 * One mail to the member about their series booking, by their 'session' mail setting like every
 * session mail (immediately only), queued under a key naming the booking, so a retry mails once.
 * The booked mail carries the whole series as ONE invitation (RRULE and EXDATEs), not one per
 * occurrence.
 */
async function queueSeriesMail(
  ctx: MailCtx,
  facts: Facts,
  what: { key: string; subject: string; lead: string; withInvite: boolean },
) {
  const [member] = await ctx.db.select().from(users).where(eq(users.id, facts.memberId));
  if (!member?.emailConfirmed) return;
  const settings = await loadEmailSettings(ctx.db, [member.id]);
  if (settings.get(member.id)?.effective.session !== 'immediately') return;
  const [facilitator] = await ctx.db
    .select({ name: users.name })
    .from(users)
    .where(eq(users.id, facts.series.facilitatorId));
  const ics = what.withInvite ? await seriesBookingIcs(ctx.db, facts.series, ctx.config.publicUrl, facts.now) : null;
  const site = await mailSite(ctx);
  const mail = await composeBranded(site, (brand) => ({
    to: member.email,
    subject: what.subject,
    preview: what.lead,
    body: (
      <>
        <SessionMailOpening recipient={member.name} lead={what.lead} title={facts.series.name}>
          <MailFact>With: {facilitator?.name ?? 'your facilitator'}</MailFact>
        </SessionMailOpening>
        <ActionButton href={`${ctx.config.publicUrl}/profile`} color={brand.accentColor}>
          Open your sessions
        </ActionButton>
        {ics ? (
          <Paragraph>Open the attached series.ics to add every session to your calendar at once.</Paragraph>
        ) : null}
      </>
    ),
    footer: notificationFooter(
      { publicUrl: ctx.config.publicUrl, appSecret: ctx.config.appSecret },
      member.id,
      'session',
    ),
    attachments: ics
      ? [{ filename: 'series.ics', content: ics, contentType: 'text/calendar; charset=utf-8; method=PUBLISH' }]
      : [],
  }));
  await queueMail(ctx, mail, { key: what.key });
}

/** The member booked every remaining session of a series (free, or once its one payment arrived). */
export function mailSeriesBooked(ctx: MailCtx, facts: Facts) {
  const paid = facts.booking.amountCents > 0 ? ` for ${usd(facts.booking.amountCents)}` : '';
  return queueSeriesMail(ctx, facts, {
    key: `series-booked:${facts.booking.id}`,
    subject: `Booked: ${facts.series.name} (${facts.places} sessions)`,
    lead: `You booked all ${facts.places} remaining sessions of ${facts.series.name}${paid}.`,
    withInvite: true,
  });
}

/** The member cancelled their series booking: what ended and what was refunded. */
export function mailSeriesCancelled(ctx: MailCtx, facts: Facts & { refundCents: number }) {
  const refund = facts.refundCents > 0 ? ` ${usd(facts.refundCents)} of your payment has been refunded.` : '';
  return queueSeriesMail(ctx, facts, {
    key: `series-cancelled:${facts.booking.id}`,
    subject: `Cancelled: your booking of ${facts.series.name}`,
    lead: `You cancelled your booking of ${facts.series.name}: ${facts.places} sessions.${refund} Remove the series from your calendar if it is still there.`,
    withInvite: false,
  });
}
