import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { SaveContentRequest } from '../../../common/content/schemas';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { content } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { authorizeCreate, authorizeEdit } from '../tiers/policy';
import { presentContent } from './presenter';
import { selectContent } from './queries';
import { deleteContent, findContent, saveContent } from './service';

/** spec 02 §7: the content form on app/content (id or 'new') and DELETE app/content/{id}. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadOwned = async (user: Parameters<typeof authorizeEdit>[0], id: string) => {
    const item = await findContent(ctx, id);
    if (!item) throw notFound('Content not found');
    authorizeEdit(user, item);
    return item;
  };
  const present = async (id: string) => presentContent((await selectContent(ctx.db, eq(content.id, id)))[0]!);

  app.get('/app/content/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return present((await loadOwned(user, req.params.id)).id);
  });

  app.post('/app/content', { schema: { body: SaveContentRequest } }, async (req) => {
    const user = requireUser(req);
    if (req.body._id) return present((await saveContent(ctx, user, req.body, await loadOwned(user, req.body._id))).id);
    authorizeCreate(user);
    return present((await saveContent(ctx, user, req.body)).id);
  });

  app.post('/app/content/:id', { schema: { params: IdOrNewParams, body: SaveContentRequest } }, async (req) => {
    const user = requireUser(req);
    if (req.params.id === 'new') {
      authorizeCreate(user);
      return present((await saveContent(ctx, user, req.body)).id);
    }
    const existing = await loadOwned(user, req.params.id);
    return present((await saveContent(ctx, user, req.body, existing)).id);
  });

  app.delete('/app/content/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    await deleteContent(ctx, await loadOwned(user, req.params.id));
    return { deleted: true };
  });
};
