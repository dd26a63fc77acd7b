import type { Session, SessionBooking } from '../../db/schema';
import type { CommandContext } from '../../platform/context';
import { mailBooked, mailCancelled, mailChanged, mailPlaceEnded } from './mails';
import { scheduleFeedbackPrompts } from './feedback';
import { scheduleReminders } from './reminders';

type Announcement =
  | { what: 'booking'; session: Session; booking: SessionBooking }
  | { what: 'change'; session: Session }
  | { what: 'cancel'; session: Session; members: string[]; refunded?: boolean }
  | { what: 'place-ended'; session: Session; booking: SessionBooking; by: 'member' | 'facilitator' };

/**
 * The session's own mails (mails.tsx, with the invitation attached) and, for a booking or a
 * move, its reminders (reminders.ts). The change itself is done by then: a failure to queue
 * is logged, not answered as a failed booking.
 */
export async function announce(ctx: CommandContext, a: Announcement) {
  const now = new Date();
  try {
    if (a.what === 'booking' || a.what === 'change') await scheduleReminders(ctx, a.session, now);
    if (a.what === 'booking' || a.what === 'change') await scheduleFeedbackPrompts(ctx, a.session, now);
    if (a.what === 'booking') await mailBooked(ctx, a.session, a.booking, now);
    else if (a.what === 'change') await mailChanged(ctx, a.session, now);
    else if (a.what === 'cancel') await mailCancelled(ctx, a.session, a.members, a.refunded ?? false, now);
    else await mailPlaceEnded(ctx, a.session, a.booking, a.by, now);
  } catch (err) {
    ctx.log.error({ err, sessionId: a.session.id, what: a.what }, 'session mail or reminders not queued');
  }
}
