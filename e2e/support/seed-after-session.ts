import { eq } from 'drizzle-orm';
import { sessions } from '../../server/db/schema';
import type { AppContext } from '../../server/platform/context';
import { joinSession } from '../../server/features/sessions/attendance';
import { findSession } from '../../server/features/sessions/queries';
import { sendFeedbackPrompts } from '../../server/features/sessions/feedback';

const MINUTE = 60_000;

/**
 * Puts a booked session in the past (started 90 minutes ago, ended 30 minutes ago), records the
 * given members as having joined it five minutes in, and runs its end-of-session job, as the
 * clock would have by now.
 */
export async function endSession(ctx: AppContext, input: { sessionId: string; joined: string[] }) {
  const start = new Date(Date.now() - 90 * MINUTE);
  const end = new Date(Date.now() - 30 * MINUTE);
  await ctx.db.update(sessions).set({ startTime: start, endTime: end }).where(eq(sessions.id, input.sessionId));
  const session = (await findSession(ctx.db, input.sessionId))!;
  for (const memberId of input.joined)
    await joinSession(ctx, { session, memberId, now: new Date(start.getTime() + 5 * MINUTE) });
  return sendFeedbackPrompts(ctx, { sessionId: session.id, endISO: end.toISOString() });
}
