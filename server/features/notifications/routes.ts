import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NotificationIdParams,
  NotificationListAnswer,
  NotificationListQuery,
  NotificationStatusAnswer,
} from '../../../common/notifications/schemas';
import { authorize, hidden } from '../../platform/authorize';
import { requireUser } from '../auth/policy';
import { canViewNotification } from './policy';
import { presentNotification } from './presenter';
import { findNotification, listNotifications } from './queries';
import { markAllViewed, markViewed } from './service';
import { NEXT_CURSOR_HEADER } from '../../../common/params';

/** The notification calls; each acts on the caller's own notifications only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/app/notifications',
    { schema: { querystring: NotificationListQuery, response: { 200: NotificationListAnswer } } },
    async (req, reply) => {
      const { items, next } = await listNotifications(ctx, requireUser(req).id, req.query);
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return items.map(presentNotification);
    },
  );

  app.get('/app/notifications/view-all', { schema: { response: { 200: NotificationStatusAnswer } } }, async (req) => {
    await markAllViewed(ctx, { userId: requireUser(req).id });
    return { status: 'ok' as const };
  });

  app.get(
    '/app/notifications/view/:id',
    { schema: { params: NotificationIdParams, response: { 200: NotificationStatusAnswer } } },
    async (req) => {
      const user = requireUser(req);
      // someone else's is 404: the caller may not know it exists
      const notification = await findNotification(ctx, req.params.id);
      authorize(
        notification !== undefined && canViewNotification(user, notification),
        hidden('notification_not_found'),
      );
      await markViewed(ctx, { notification });
      return { status: 'ok' as const };
    },
  );
};
