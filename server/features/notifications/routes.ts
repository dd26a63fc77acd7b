import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NotificationIdParams, NotificationListQuery } from '../../../common/notifications/schemas';
import { requireUser } from '../auth/policy';
import { presentNotification } from './presenter';
import { listNotifications, markAllViewed, markViewed } from './service';

/** spec 01 §7 notification calls; each acts on the caller's own notifications only. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;

  app.get('/app/notifications', { schema: { querystring: NotificationListQuery } }, async (req) => {
    const user = requireUser(req);
    const { limit, before, beforeId } = req.query;
    const rows = await listNotifications(db, user.id, {
      limit,
      before: before ? new Date(before) : undefined,
      beforeId,
    });
    return rows.map(presentNotification);
  });

  app.get('/app/notifications/view-all', async (req) => {
    await markAllViewed(db, requireUser(req).id);
    return { status: 'ok' };
  });

  app.get('/app/notifications/view/:id', { schema: { params: NotificationIdParams } }, async (req) => {
    await markViewed(db, requireUser(req).id, req.params.id);
    return { status: 'ok' };
  });
};
