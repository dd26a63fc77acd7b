import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import {
  AttendanceAnswer,
  AttendeeAnswer,
  FeedbackPromptsAnswer,
  JoinAnswer,
  MarkAttendanceRequest,
  RateSessionRequest,
  RatedAnswer,
  SessionFeedbackAnswer,
} from '../../../common/sessions/after/schemas';
import { authorize, hidden } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { joinSession, markAttendance } from './attendance';
import { rateSession } from './feedback';
import { canJoinSession, canMarkAttendance, canSeeFeedback } from './policy';
import { attendanceById, feedbackById, feedbackPromptsByMember, liveBookingByMember, sessionById } from './reads';

const missing = hidden('session_not_found');
const ownerOnly = () => forbidden('session_owner_only');

/** After a session: attendance, the join click, ratings. */
export const afterSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** The facilitator's attendance checklist: the booked members, each attended, no-show or unmarked. */
  app.get(
    '/app/facilitator/sessions/:id/attendance',
    { schema: { params: IdParams, response: { 200: AttendanceAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      authorize(canMarkAttendance(user, session), ownerOnly);
      return attendanceById(ctx, session);
    },
  );

  /** The facilitator marks one booked member attended, a no-show, or unmarked (null), once the session has started. */
  app.post(
    '/app/facilitator/sessions/:id/attendance',
    { schema: { params: IdParams, body: MarkAttendanceRequest, response: { 200: AttendeeAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      authorize(canMarkAttendance(user, session), ownerOnly);
      return markAttendance(ctx, { session, memberId: req.body.memberId, attended: req.body.attended });
    },
  );

  /**
   * The join button: records a booked member's join and answers the meeting link. Anyone else
   * but the facilitator is told the session does not exist, so the link stays private.
   */
  app.post('/app/session/:id/joined', { schema: { params: IdParams, response: { 200: JoinAnswer } } }, async (req) => {
    const user = requireUser(req);
    const session = await sessionById(ctx, req.params.id);
    authorize(session !== undefined, missing);
    const booking = await liveBookingByMember(ctx, session.id, user.id);
    authorize(canJoinSession(user, { ...session, myBooking: booking?.status === 'booked' ? 'booked' : null }), missing);
    if (booking?.status === 'booked') await joinSession(ctx, { session, memberId: user.id });
    return { meetingUrl: session.meetingUrl };
  });

  /** An attendee rates an ended session, once. */
  app.post(
    '/app/session/:id/feedback',
    { schema: { params: IdParams, body: RateSessionRequest, response: { 200: RatedAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      await rateSession(ctx, { session, member: user, rating: req.body.rating, comment: req.body.comment });
      return { rated: true as const };
    },
  );

  /** The facilitator's view of a session's ratings. */
  app.get(
    '/app/facilitator/sessions/:id/feedback',
    { schema: { params: IdParams, response: { 200: SessionFeedbackAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const session = await sessionById(ctx, req.params.id);
      authorize(session !== undefined, missing);
      authorize(canSeeFeedback(user, session), ownerOnly);
      return feedbackById(ctx, session.id);
    },
  );

  /** The sessions waiting for my rating (the "How was it?" cards). */
  app.get('/app/user/feedback-prompts', { schema: { response: { 200: FeedbackPromptsAnswer } } }, async (req) => {
    const user = requireUser(req);
    return feedbackPromptsByMember(ctx, user.id);
  });
};
