import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { asc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { ADMIN_MESSAGES, AuditQuery, SaveTagRequest } from '../../../common/admin/schemas';
import type { Database } from '../../db/client';
import { tags } from '../../db/schema';
import { conflict, notFound, uniqueViolation } from '../../platform/errors';
import { requireAdmin } from '../auth/policy';
import { audit, auditPage, deleteAudited } from './audit';
import { IdOrNewParams, IdParams } from '../../../common/params';

const present = (t: { id: string; text: string }) => ({ _id: t.id, text: t.text });

/** spec 01 §7 Admin calls for tags (GET admin/tag, the generic form on admin/tag, DELETE), and the audit log. Admins only. */
export const adminTagRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.ctx;
  const find = async (id: string) => {
    const [row] = await db.select().from(tags).where(eq(tags.id, id));
    if (!row) throw notFound('Tag not found');
    return row;
  };
  const saving = async <T>(work: () => Promise<T>) => {
    try {
      return await work();
    } catch (err) {
      if (uniqueViolation(err)) throw conflict('tag_exists', { message: ADMIN_MESSAGES.tagExists });
      throw err;
    }
  };

  app.get('/admin/tag', async (req) => {
    requireAdmin(req);
    return (await db.select().from(tags).orderBy(asc(tags.text))).map(present);
  });

  app.get('/admin/tag/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    return present(await find(req.params.id));
  });

  const save = async (admin: Parameters<typeof audit>[1], id: string, body: z.infer<typeof SaveTagRequest>) => {
    // read before the transaction: PGlite has one connection, a read outside `tx` would wait for it
    const before = id === 'new' ? undefined : await find(id);
    return saving(() =>
      db.transaction(async (tx) => {
        const t = tx;
        if (id === 'new') {
          const [row] = await t.insert(tags).values({ text: body.text }).returning();
          await audit(t, admin, {
            action: 'create',
            targetType: 'tag',
            targetId: row!.id,
            details: { text: body.text },
          });
          return present(row!);
        }
        const [row] = await t.update(tags).set({ text: body.text }).where(eq(tags.id, id)).returning();
        await audit(t, admin, {
          action: 'update',
          targetType: 'tag',
          targetId: id,
          details: { from: before!.text, to: body.text },
        });
        return present(row!);
      }),
    );
  };

  app.post('/admin/tag', { schema: { body: SaveTagRequest } }, async (req) => save(requireAdmin(req), 'new', req.body));
  app.post('/admin/tag/:id', { schema: { params: IdOrNewParams, body: SaveTagRequest } }, async (req) =>
    save(requireAdmin(req), req.params.id, req.body),
  );

  app.delete('/admin/tag/:id', { schema: { params: IdParams } }, async (req) => {
    const admin = requireAdmin(req);
    const tag = await find(req.params.id);
    await deleteAudited(db, admin, {
      table: tags,
      id: tags.id,
      targetType: 'tag',
      targetId: tag.id,
      details: { text: tag.text },
    });
    return { deleted: true };
  });

  app.get('/admin/audit', { schema: { querystring: AuditQuery } }, async (req) => {
    requireAdmin(req);
    return auditPage(db, req.query);
  });
};
