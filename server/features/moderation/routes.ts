import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AcknowledgedAnswer,
  ActionAnswer,
  AppointModeratorRequest,
  CreateReportRequest,
  ModerationActionRequest,
  ModeratorListAnswer,
  ModeratorParams,
  MyModerationAnswer,
  QueueAnswer,
  ReportAnswer,
} from '../../../common/moderation/schemas';
import { IdParams } from '../../../common/params';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canActOnCase } from './policy';
import * as service from './service';

/** Reports, the review queues, moderators of a group, and a member's warnings. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A member reports a post, comment, direct message or profile they can see; once per item (409 already_reported). */
  app.post('/app/report', { schema: { body: CreateReportRequest, response: { 200: ReportAnswer } } }, async (req) =>
    service.createReport(ctx, { reporter: requireUser(req), input: req.body }),
  );

  /** The caller's unacknowledged warnings and the queues they may open. */
  app.get('/app/moderation/me', { schema: { response: { 200: MyModerationAnswer } } }, async (req) =>
    service.myModeration(ctx, requireUser(req)),
  );

  app.post(
    '/app/moderation/warnings/:id/acknowledge',
    { schema: { params: IdParams, response: { 200: AcknowledgedAnswer } } },
    async (req) => {
      await service.acknowledgeWarning(ctx, { user: requireUser(req), id: req.params.id });
      return { acknowledged: true as const };
    },
  );

  /** The site-wide queue and log: admins. */
  app.get('/app/moderation', { schema: { response: { 200: QueueAnswer } } }, async (req) =>
    service.siteQueue(ctx, requireUser(req)),
  );

  /** A group's queue and log: its moderators, owner, tier facilitator and admins. */
  app.get('/app/group/:id/moderation', { schema: { params: IdParams, response: { 200: QueueAnswer } } }, async (req) =>
    service.groupQueue(ctx, requireUser(req), req.params.id),
  );

  /** One action on a queue item, with a reason; it closes the item's open reports. */
  app.post(
    '/app/moderation/case/:id/action',
    { schema: { params: IdParams, body: ModerationActionRequest, response: { 200: ActionAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const { kase, standing } = await service.loadCaseFor(ctx, user, req.params.id);
      authorize(canActOnCase(user, kase, standing, req.body.action), () => forbidden('admins_only_action'));
      await service.takeAction(ctx, { actor: user, kase, input: req.body });
      const { kase: after } = await service.loadCaseFor(ctx, user, kase.id);
      return { item: await service.itemShownTo(ctx, user, after, standing) };
    },
  );

  app.get(
    '/app/group/:id/moderators',
    { schema: { params: IdParams, response: { 200: ModeratorListAnswer } } },
    async (req) => service.moderatorList(ctx, requireUser(req), req.params.id),
  );

  app.post(
    '/app/group/:id/moderators',
    { schema: { params: IdParams, body: AppointModeratorRequest, response: { 200: ModeratorListAnswer } } },
    async (req) =>
      service.appointModerator(ctx, { actor: requireUser(req), groupId: req.params.id, userId: req.body.userId }),
  );

  app.delete(
    '/app/group/:id/moderators/:userId',
    { schema: { params: ModeratorParams, response: { 200: ModeratorListAnswer } } },
    async (req) =>
      service.removeModerator(ctx, { actor: requireUser(req), groupId: req.params.id, userId: req.params.userId }),
  );
};
