import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import { SessionListAnswer } from '../../../common/sessions/schemas';
import {
  AttachRecordingRequest,
  DetachedRecordingAnswer,
  SessionRecordingAnswer,
} from '../../../common/sessions/recording/schemas';
import type { User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { findContent } from '../content/service';
import { tierById } from '../tiers/service';
import { canAttachRecording, fitsRecording } from './policy';
import { sessionById } from './reads';
import { presentSession } from './presenter';
import { attachRecording, detachRecording, recordedSessionsOf, recordingOf } from './recording';

const missing = hidden('session_not_found');
const ownerOnly = () => forbidden('session_owner_only');

/** A session's recording: a content item its booked members may see (docs/features/sessions.md, Recording). */
export const sessionRecordingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const path = '/app/facilitator/sessions/:id/recording';

  const loadManaged = async (user: User, id: string) => {
    const session = await sessionById(ctx, id);
    authorize(session !== undefined, missing);
    authorize(canAttachRecording(user, session), ownerOnly);
    return session;
  };

  app.get(path, { schema: { params: IdParams, response: { 200: SessionRecordingAnswer } } }, async (req) => {
    const session = await loadManaged(requireUser(req), req.params.id);
    return { recording: await recordingOf(ctx, session) };
  });

  /** Attaches (or changes) the recording; the booked members hear "Recording ready" once. */
  app.put(
    path,
    { schema: { params: IdParams, body: AttachRecordingRequest, response: { 200: SessionRecordingAnswer } } },
    async (req) => {
      const session = await loadManaged(requireUser(req), req.params.id);
      const { contentId, series, tierId } = req.body;
      const item = await findContent(ctx, contentId);
      authorize(item !== undefined, hidden('content_not_found'));
      authorize(fitsRecording(session, item), () => forbidden('recording_not_own_content'));
      if (tierId !== null) {
        const tier = await tierById(ctx, tierId);
        authorize(tier !== undefined, hidden('tier_not_found'));
        authorize(fitsRecording(session, tier), () => forbidden('recording_not_own_tier'));
      }
      await attachRecording(ctx, { session, contentId, series, tierId });
      return { recording: await recordingOf(ctx, session) };
    },
  );

  /** Detaches it: the booked members' extra access ends; the content item stays. */
  app.delete(path, { schema: { params: IdParams, response: { 200: DetachedRecordingAnswer } } }, async (req) => {
    const session = await loadManaged(requireUser(req), req.params.id);
    authorize(await detachRecording(ctx, session), hidden('recording_not_found'));
    return { detached: true as const };
  });

  /** GET app/user/recorded-sessions: my ended sessions with a recording to watch, newest first. */
  app.get('/app/user/recorded-sessions', { schema: { response: { 200: SessionListAnswer } } }, async (req) => {
    const user = requireUser(req);
    return (await recordedSessionsOf(ctx, user.id)).map((row) => presentSession(row, user.id));
  });
};
