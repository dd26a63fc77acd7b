import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AdminTagAnswer, AuditEntryAnswer, AuditQuery, SaveTagRequest } from '../../../common/admin/schemas';
import { DeletedAnswer, NEXT_CURSOR_HEADER } from '../../../common/params';
import { IdOrNewParams, IdParams } from '../../../common/params';
import type { User } from '../../db/schema';
import { requireAdmin } from './policy';
import { presentTag } from '../groups/presenter';
import { deleteTag, listTags, loadTag, saveTag } from '../groups/service';
import { asAdmin } from './audit';
import { auditLogPage } from './service';

/**
 * The admin calls for tags (GET admin/tag, the generic form on admin/tag, DELETE), and the
 * audit log. Admins only.
 */
export const adminTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/admin/tag', { schema: { response: { 200: z.array(AdminTagAnswer) } } }, async (req) => {
    requireAdmin(req);
    return (await listTags(ctx)).map(presentTag);
  });

  app.get('/admin/tag/:id', { schema: { params: IdParams, response: { 200: AdminTagAnswer } } }, async (req) => {
    requireAdmin(req);
    return presentTag(await loadTag(ctx, req.params.id));
  });

  const save = async (admin: User, id: string, body: SaveTagRequest) => {
    // read before the transaction: PGlite has one connection, a read outside `tx` would wait for it
    const tag = id === 'new' ? undefined : await loadTag(ctx, id);
    return presentTag(await saveTag(asAdmin(ctx, admin), { tag, text: body.text }));
  };

  app.post('/admin/tag', { schema: { body: SaveTagRequest, response: { 200: AdminTagAnswer } } }, async (req) =>
    save(requireAdmin(req), 'new', req.body),
  );
  app.post(
    '/admin/tag/:id',
    { schema: { params: IdOrNewParams, body: SaveTagRequest, response: { 200: AdminTagAnswer } } },
    async (req) => save(requireAdmin(req), req.params.id, req.body),
  );

  app.delete('/admin/tag/:id', { schema: { params: IdParams, response: { 200: DeletedAnswer } } }, async (req) => {
    const admin = requireAdmin(req);
    await deleteTag(asAdmin(ctx, admin), { tag: await loadTag(ctx, req.params.id) });
    return { deleted: true as const };
  });

  app.get(
    '/admin/audit',
    { schema: { querystring: AuditQuery, response: { 200: z.array(AuditEntryAnswer) } } },
    async (req, reply) => {
      requireAdmin(req);
      const page = await auditLogPage(ctx, req.query);
      if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
      return page.entries;
    },
  );
};
