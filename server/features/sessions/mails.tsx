import { and, asc, eq, inArray, isNotNull, or } from 'drizzle-orm';
import type { ReactNode } from 'react';
import type { EmailFrequency } from '../../../common/notifications/types';
import { formatDate, formatDateTime, formatTime, zoneName } from '../../../common/time';
import type { Executor } from '../../db/client';
import { type Session, type SessionBooking, sessionBookings, users } from '../../db/schema';
import type { AppContext } from '../../platform/context';
import type { MailAttachment } from '../../platform/mail';
import type { BrandedMail } from '../mail/compose';
import { ActionButton, type MailFooter, Paragraph } from '../mail/layout';
import { queueMail } from '../mail/outbox';
import { composeBranded, mailSite } from '../mail/send';
import { mailGivesWayToPush } from '../../../common/push/mail-rule';
import { loadEmailSettings } from '../notifications/email-preferences';
import { notificationFooter } from '../notifications/unsubscribe-link';
import { icsAttachment, type IcsMethod } from './ics';

/**
 * The session mails: booked, changed, cancelled and the two reminders, each to
 * the booked members and to the facilitator (a member's own cancellation or removal to that
 * member only), with the session's invitation (session.ics) attached so
 * their calendars hold the event, move it and drop it. The notification of the same event is
 * written by service.ts with `mail: false`; these are the mails instead of its generic one.
 */
export type SessionMailKind =
  | 'booked'
  | 'changed'
  | 'cancelled'
  | 'place-cancelled'
  | 'place-removed'
  | 'reminder-24h'
  | 'reminder-1h';
export type SessionRole = 'member' | 'facilitator';

export type SessionParty = Pick<typeof users.$inferSelect, 'id' | 'name' | 'email' | 'timeZone' | 'emailConfirmed'>;

type MailSession = Pick<
  Session,
  'id' | 'name' | 'description' | 'startTime' | 'endTime' | 'meetingUrl' | 'facilitatorId'
>;

export type SessionMailFacts = {
  kind: SessionMailKind;
  role: SessionRole;
  session: MailSession;
  recipient: SessionParty;
  /** the other side: the facilitator for a member, the booked members (named by bookersText) for the facilitator */
  other: Pick<SessionParty, 'name'>;
  footer: MailFooter;
  ics: MailAttachment;
  publicUrl: string;
  /** cancelled: the booker's payment was refunded */
  refunded?: boolean;
};

/** The booked members as the facilitator's mails name them: 'Sam Lee', 'Sam Lee and Ann', 'Sam Lee and 4 others'. */
export function bookersText(names: string[]) {
  if (names.length <= 1) return names[0] ?? 'nobody';
  if (names.length === 2) return `${names[0]} and ${names[1]}`;
  return `${names[0]} and ${names.length - 1} others`;
}

type MailCtx = Pick<AppContext, 'db' | 'config' | 'jobs' | 'log'>;

/** 'MM/dd/yyyy HH:mm–HH:mm EST' in the recipient's zone, the end in full on another day. */
export function sessionTimes(session: Pick<Session, 'startTime' | 'endTime'>, timeZone: string) {
  const { startTime: start, endTime: end } = session;
  if (formatDate(start, timeZone) !== formatDate(end, timeZone)) {
    const inFull = (date: Date) => formatDateTime(date, timeZone, { withZone: true });
    return `${inFull(start)} – ${inFull(end)}`;
  }
  const day = formatDate(start, timeZone);
  return `${day} ${formatTime(start, timeZone)}–${formatTime(end, timeZone)} ${zoneName(start, timeZone)}`;
}

const texts = (f: SessionMailFacts) => {
  const { session, other } = f;
  const at = formatDateTime(session.startTime, f.recipient.timeZone, { withZone: true });
  const member = f.role === 'member';
  switch (f.kind) {
    case 'booked':
      return member
        ? {
            subject: `Booked: ${session.name} on ${at}`,
            lead: `You booked ${session.name} with ${other.name}.`,
          }
        : {
            subject: `${other.name} booked ${session.name} on ${at}`,
            lead: `${other.name} booked your session ${session.name}.`,
          };
    case 'changed':
      return member
        ? {
            subject: `Changed: ${session.name} now starts ${at}`,
            lead:
              `${other.name} changed ${session.name}. ` +
              'Here is the session as it is now; the attached invitation updates your calendar.',
          }
        : {
            subject: `Updated: ${session.name} with ${other.name} now starts ${at}`,
            lead:
              `You changed ${session.name}, booked by ${other.name}, who has been told. ` +
              'The attached invitation updates your calendar.',
          };
    case 'cancelled':
      return member
        ? {
            subject: `Cancelled: ${session.name} on ${at}`,
            lead:
              `${other.name} cancelled ${session.name}.${f.refunded ? ' Your payment has been refunded.' : ''} ` +
              'The attached file removes it from your calendar.',
          }
        : {
            subject: `Cancelled: ${session.name} with ${other.name} on ${at}`,
            lead:
              `You cancelled ${session.name}, booked by ${other.name}, ` +
              `who has been told${f.refunded ? ' and refunded' : ''}. ` +
              'The attached file removes it from your calendar.',
          };
    case 'place-cancelled':
      return {
        subject: `Cancelled: your place in ${session.name} on ${at}`,
        lead:
          `You cancelled your place in ${session.name} with ${other.name}.` +
          (f.refunded ? ' Your payment has been refunded.' : '') +
          ' The attached file removes it from your calendar.',
      };
    case 'place-removed':
      return {
        subject: `Cancelled: ${session.name} on ${at}`,
        lead:
          `${other.name} cancelled your place in ${session.name}.` +
          (f.refunded ? ' Your payment has been refunded.' : '') +
          ' The attached file removes it from your calendar.',
      };
    case 'reminder-24h':
    case 'reminder-1h': {
      const inTime = f.kind === 'reminder-24h' ? '24 hours' : '1 hour';
      return {
        subject: `Starts in ${inTime}: ${session.name}`,
        lead: `${session.name} with ${other.name} starts in ${inTime}.`,
      };
    }
  }
};

/**
 * A session mail's opening: the greeting, its lead, then the session's (or series') name in
 * bold over its facts (MailFact), one a line.
 */
export function SessionMailOpening(props: { recipient: string; lead: string; title: string; children: ReactNode }) {
  return (
    <>
      <Paragraph>Hi {props.recipient},</Paragraph>
      <Paragraph>{props.lead}</Paragraph>
      <Paragraph>
        <strong>{props.title}</strong>
        {props.children}
      </Paragraph>
    </>
  );
}

/** One line of the session's facts in SessionMailOpening. */
export function MailFact({ children }: { children: ReactNode }) {
  return (
    <>
      <br />
      {children}
    </>
  );
}

/** One session mail, framed in the site's brand by composeBranded. */
export const sessionMail =
  (f: SessionMailFacts): BrandedMail =>
  (brand) => {
    const { subject, lead } = texts(f);
    const cancelled = f.kind === 'cancelled' || f.kind === 'place-cancelled' || f.kind === 'place-removed';
    const when = sessionTimes(f.session, f.recipient.timeZone);
    const withWhom = f.role === 'member' ? `With: ${f.other.name}` : `Booked by: ${f.other.name}`;
    const action = cancelled
      ? f.role === 'member'
        ? { href: `${f.publicUrl}/profile/${f.session.facilitatorId}`, label: `Find another session` }
        : { href: `${f.publicUrl}/profile`, label: `Open your sessions` }
      : f.session.meetingUrl
        ? { href: f.session.meetingUrl, label: 'Join the session' }
        : { href: `${f.publicUrl}/profile`, label: `Open in ${brand.siteName}` };
    return {
      to: f.recipient.email,
      subject,
      preview: `${lead} ${when}`,
      body: (
        <>
          <SessionMailOpening recipient={f.recipient.name} lead={lead} title={f.session.name}>
            <MailFact>
              {cancelled ? 'Was: ' : 'When: '}
              {when}
            </MailFact>
            <MailFact>{withWhom}</MailFact>
            {!cancelled && f.session.meetingUrl ? (
              <MailFact>
                {/* a long link (a Zoom address with its passcode) breaks instead of widening a phone's screen */}
                Meeting link: <span style={{ wordBreak: 'break-all' }}>{f.session.meetingUrl}</span>
              </MailFact>
            ) : null}
          </SessionMailOpening>
          <ActionButton href={action.href} color={brand.accentColor}>
            {action.label}
          </ActionButton>
          {cancelled ? null : (
            <Paragraph>Open the attached session.ics to add it to your calendar, in your own time zone.</Paragraph>
          )}
        </>
      ),
      footer: f.footer,
      attachments: [f.ics],
    };
  };

type Party = Pick<SessionParty, 'id' | 'name' | 'email'>;

/**
 * The facilitator of a session and its booked members, in booking order, one query. `also`
 * adds members whose place just ended (a cancellation's mail still goes to them).
 */
export async function loadParties(
  db: Executor,
  session: Pick<Session, 'id' | 'facilitatorId'>,
  also: string[] = [],
): Promise<{ facilitator: SessionParty; bookers: SessionParty[] } | null> {
  const columns = {
    id: users.id,
    name: users.name,
    email: users.email,
    timeZone: users.timeZone,
    emailConfirmed: users.emailConfirmed,
  };
  const rows = await db
    .select({ ...columns, bookedAt: sessionBookings.bookedAt })
    .from(users)
    .leftJoin(
      sessionBookings,
      and(
        eq(sessionBookings.memberId, users.id),
        eq(sessionBookings.sessionId, session.id),
        eq(sessionBookings.status, 'booked'),
      ),
    )
    .where(
      or(
        eq(users.id, session.facilitatorId),
        isNotNull(sessionBookings.id),
        also.length ? inArray(users.id, also) : undefined,
      ),
    )
    .orderBy(asc(sessionBookings.bookedAt), asc(users.id));
  const facilitator = rows.find((r) => r.id === session.facilitatorId);
  const bookers = rows.filter((r) => r.id !== session.facilitatorId && (r.bookedAt || also.includes(r.id)));
  return facilitator ? { facilitator, bookers } : null;
}

export type SessionEvent = {
  kind: SessionMailKind;
  session: MailSession & Pick<Session, 'facilitatorId'>;
  /** the invitation's SEQUENCE */
  sequence: number;
  method: IcsMethod;
  /** the members mailed: every booked member, or the one this event is about */
  members: 'all' | string[];
  /** whether the facilitator gets this event's mail */
  toFacilitator: boolean;
  /** the mail's idempotency key for one recipient */
  keyOf: (role: SessionRole, recipient: SessionParty) => string;
  /** which 'session' frequencies get this mail */
  wanted: (frequency: EmailFrequency) => boolean;
  /** who had this event's push accepted just now: their mail gives way unless they chose both */
  pushed?: ReadonlySet<string>;
  refunded?: boolean;
  now: Date;
};

/**
 * Renders and queues one event's mail to the members it is about and to the facilitator, each
 * with the invitation attached (a member's copy names them alone, the facilitator's all the
 * booked members); the parties and their settings are read in one query each. A recipient whose
 * 'session' frequency is not wanted, or whose address is not confirmed, gets none. Answers how
 * many were queued.
 */
export async function queueSessionMails(ctx: MailCtx, event: SessionEvent): Promise<number> {
  const named = event.members === 'all' ? [] : event.members;
  const parties = await loadParties(ctx.db, event.session, named);
  if (!parties) return 0;
  const { facilitator, bookers } = parties;
  const members =
    event.members === 'all'
      ? bookers
      : bookers.filter((b) => named.includes(b.id)).sort((a, b) => named.indexOf(a.id) - named.indexOf(b.id));
  if (members.length === 0 && !(event.toFacilitator && bookers.length > 0)) return 0;
  const settings = await loadEmailSettings(ctx.db, [facilitator.id, ...members.map((m) => m.id)]);
  const site = await mailSite(ctx);
  const invite = (attendees: Party[]) =>
    icsAttachment({
      session: event.session,
      sequence: event.sequence,
      method: event.method,
      facilitator,
      attendees,
      publicUrl: ctx.config.publicUrl,
      now: event.now,
    });
  // the facilitator's copy lists everyone booked (and whoever this event is about) and names the latter
  const attending = bookers;
  const about = bookersText((event.members === 'all' ? bookers : members).map((b) => b.name));
  const sides: [SessionRole, SessionParty, Pick<SessionParty, 'name'>, Party[]][] = [
    ...members.map((m): [SessionRole, SessionParty, Pick<SessionParty, 'name'>, Party[]] => [
      'member',
      m,
      facilitator,
      [m],
    ]),
    ...(event.toFacilitator && attending.length
      ? [
          ['facilitator', facilitator, { name: about }, attending] as [
            SessionRole,
            SessionParty,
            Pick<SessionParty, 'name'>,
            Party[],
          ],
        ]
      : []),
  ];
  let queued = 0;
  for (const [role, recipient, other, attendees] of sides) {
    const frequency = settings.get(recipient.id)?.effective.session;
    if (!recipient.emailConfirmed || !frequency || !event.wanted(frequency)) continue;
    const chosenEmail = settings.get(recipient.id)?.chosen.session;
    const pushedAt = event.pushed?.has(recipient.id) ? event.now : null;
    if (mailGivesWayToPush({ pushDeliveredAt: pushedAt, chosenEmail, mailAt: event.now })) continue;
    const build = sessionMail({
      kind: event.kind,
      role,
      session: event.session,
      recipient,
      other,
      footer: notificationFooter(
        { publicUrl: ctx.config.publicUrl, appSecret: ctx.config.appSecret },
        recipient.id,
        'session',
      ),
      ics: invite(attendees),
      publicUrl: ctx.config.publicUrl,
      refunded: event.refunded,
    });
    const mail = await composeBranded(site, build);
    await queueMail(ctx, mail, { key: event.keyOf(role, recipient) });
    queued++;
  }
  return queued;
}

const immediately = (frequency: EmailFrequency) => frequency === 'immediately';

/** A member just booked a place (free, or paid through the payment webhook after its commit): to them and the facilitator. */
export function mailBooked(
  ctx: MailCtx,
  session: SessionEvent['session'] & Pick<Session, 'icsSequence'>,
  booking: Pick<SessionBooking, 'memberId' | 'bookedAt'>,
  now: Date,
) {
  const bookedAt = (booking.bookedAt ?? now).toISOString();
  return queueSessionMails(ctx, {
    kind: 'booked',
    session,
    sequence: session.icsSequence,
    method: 'REQUEST',
    members: [booking.memberId],
    toFacilitator: true,
    keyOf: (role) => `session-booked:${session.id}:${bookedAt}:${role}`,
    wanted: immediately,
    now,
  });
}

/** A booked session's time or link changed: the update carries the raised SEQUENCE, to everyone booked. */
export function mailChanged(ctx: MailCtx, session: SessionEvent['session'] & Pick<Session, 'icsSequence'>, now: Date) {
  return queueSessionMails(ctx, {
    kind: 'changed',
    session,
    sequence: session.icsSequence,
    method: 'REQUEST',
    members: 'all',
    toFacilitator: true,
    keyOf: (role, recipient) =>
      `session-changed:${session.id}:${session.icsSequence}:${role}${role === 'member' ? `:${recipient.id}` : ''}`,
    wanted: immediately,
    now,
  });
}

/**
 * A session was deleted: a CANCEL with the next SEQUENCE to the members it had (their booking rows
 * went with it, so they are named) and the facilitator.
 */
export function mailCancelled(
  ctx: MailCtx,
  session: SessionEvent['session'] & Pick<Session, 'icsSequence'>,
  members: string[],
  refunded: boolean,
  now: Date,
) {
  const sequence = session.icsSequence + 1;
  return queueSessionMails(ctx, {
    kind: 'cancelled',
    session,
    sequence,
    method: 'CANCEL',
    members,
    toFacilitator: true,
    keyOf: (role, recipient) =>
      `session-cancelled:${session.id}:${sequence}:${role}${role === 'member' ? `:${recipient.id}` : ''}`,
    wanted: immediately,
    refunded,
    now,
  });
}

/** One member's place ended (they cancelled, or the facilitator removed them): a CANCEL to that member. */
export function mailPlaceEnded(
  ctx: MailCtx,
  session: SessionEvent['session'] & Pick<Session, 'icsSequence'>,
  booking: Pick<SessionBooking, 'id' | 'memberId' | 'refunded'>,
  by: 'member' | 'facilitator',
  now: Date,
) {
  return queueSessionMails(ctx, {
    kind: by === 'member' ? 'place-cancelled' : 'place-removed',
    session,
    sequence: session.icsSequence + 1,
    method: 'CANCEL',
    members: [booking.memberId],
    toFacilitator: false,
    keyOf: () => `session-place-ended:${booking.id}`,
    wanted: immediately,
    refunded: booking.refunded,
    now,
  });
}
