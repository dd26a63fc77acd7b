import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ContentAnswer, SaveContentRequest } from '../../../common/content/schemas';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { DeletedAnswer } from '../../../common/params';
import type { User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { canCreateContent, canEditContent } from './policy';
import { presentContent } from './presenter';
import { contentWithTiers, deleteContent, findContent, saveContent } from './service';

const onlyFacilitators = () => forbidden('program_facilitators_only');
const answer = { response: { 200: ContentAnswer } };

/** The content form on app/content (id or 'new') and DELETE app/content/{id}. */
export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadOwned = async (user: User, id: string) => {
    const item = await findContent(ctx, id);
    authorize(item !== undefined, hidden('content_not_found'));
    authorize(canEditContent(user, item), () => forbidden('program_owner_only'));
    return item;
  };
  const present = async (id: string) => presentContent((await contentWithTiers(ctx, id))!);

  app.get('/app/content/:id', { schema: { params: IdParams, ...answer } }, async (req) => {
    const user = requireUser(req);
    return present((await loadOwned(user, req.params.id)).id);
  });

  app.post('/app/content', { schema: { body: SaveContentRequest, ...answer } }, async (req) => {
    const user = requireUser(req);
    if (req.body._id) return present((await saveContent(ctx, user, req.body, await loadOwned(user, req.body._id))).id);
    authorize(canCreateContent(user), onlyFacilitators);
    return present((await saveContent(ctx, user, req.body)).id);
  });

  app.post(
    '/app/content/:id',
    { schema: { params: IdOrNewParams, body: SaveContentRequest, ...answer } },
    async (req) => {
      const user = requireUser(req);
      if (req.params.id === 'new') {
        authorize(canCreateContent(user), onlyFacilitators);
        return present((await saveContent(ctx, user, req.body)).id);
      }
      const existing = await loadOwned(user, req.params.id);
      return present((await saveContent(ctx, user, req.body, existing)).id);
    },
  );

  app.delete('/app/content/:id', { schema: { params: IdParams, response: { 200: DeletedAnswer } } }, async (req) => {
    const user = requireUser(req);
    await deleteContent(ctx, await loadOwned(user, req.params.id));
    return { deleted: true as const };
  });
};
