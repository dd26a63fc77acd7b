import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AnnouncementAnswer,
  AnnouncementAudienceAnswer,
  AnnouncementListAnswer,
  AnnouncementListQuery,
  AnnouncementPreviewAnswer,
  AnnouncementPreviewRequest,
  AnnouncementRequest,
  AnnouncementTestAnswer,
} from '../../../common/announcements/schemas';
import { NEXT_CURSOR_HEADER } from '../../../common/params';
import { requireUser } from '../auth/policy';
import { presentAnnouncement, presentAudience } from './presenter';
import {
  listMyAnnouncements,
  previewAnnouncement,
  sendAnnouncement,
  sendTestAnnouncement,
  showAudience,
} from './service';

/** A facilitator writes to the members of one plan or of all of them. */
export const announcementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.post(
    '/app/announcement',
    { schema: { body: AnnouncementRequest, response: { 200: AnnouncementAnswer } } },
    async (req) => {
      const { announcement, tierName } = await sendAnnouncement(ctx, {
        facilitator: requireUser(req),
        input: req.body,
      });
      return presentAnnouncement(announcement, tierName);
    },
  );

  app.post(
    '/app/announcement/preview',
    { schema: { body: AnnouncementPreviewRequest, response: { 200: AnnouncementPreviewAnswer } } },
    async (req) => previewAnnouncement(ctx, { facilitator: requireUser(req), input: req.body }),
  );

  app.post(
    '/app/announcement/test',
    { schema: { body: AnnouncementRequest, response: { 200: AnnouncementTestAnswer } } },
    async (req) => sendTestAnnouncement(ctx, { facilitator: requireUser(req), input: req.body, testId: randomUUID() }),
  );

  app.get('/app/announcement/audience', { schema: { response: { 200: AnnouncementAudienceAnswer } } }, async (req) =>
    presentAudience(await showAudience(ctx, { facilitator: requireUser(req) })),
  );

  app.get(
    '/app/announcement',
    { schema: { querystring: AnnouncementListQuery, response: { 200: AnnouncementListAnswer } } },
    async (req, reply) => {
      const { items, next } = await listMyAnnouncements(ctx, { facilitator: requireUser(req), page: req.query });
      if (next) reply.header(NEXT_CURSOR_HEADER, next);
      return items.map((row) => presentAnnouncement(row.announcement, row.tierName));
    },
  );
};
