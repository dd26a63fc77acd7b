import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdminFacilitatorAnswer,
  AdminFacilitatorForm,
  AdminFacilitatorListQuery,
  AdminFacilitatorPage,
  AdminUserAnswer,
  AdminUserForm,
  AdminUserListQuery,
  AdminUserPage,
} from '../../../common/admin/schemas';
import { DeletedAccountAnswer } from '../../../common/profiles/schemas';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { notFound } from '../../platform/errors';
import { requireAdmin } from './policy';
import { type AccountKind, type AccountValues, deleteAccountAsAdmin, saveAccount } from '../profiles/service';
import { asAdmin } from './audit';
import { countCacheOf } from './count-cache';
import { presentAdminFacilitator, presentAdminUser } from './user-presenter';
import { accountById, accountsPage, facilitatorsPage } from './service';

/**
 * The admin calls and form calls for accounts: GET admin/user (keyset pages, sorted
 * on the server), GET/POST admin/user[/{id}], DELETE admin/user/{id}, and the same for
 * admin/facilitator (facilitators only, searchable). Admins only; the profiles feature's commands
 * make every change, audited through asAdmin.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const counts = countCacheOf(ctx);

  const find = async (id: string, kind: AccountKind) => {
    const account = await accountById(ctx, id, kind === 'facilitator');
    if (!account) throw notFound(kind === 'facilitator' ? 'facilitator_not_found' : 'user_not_found');
    return account;
  };

  /** Creates (`new`) or updates an account through profiles/service.ts saveAccount. */
  async function save(req: FastifyRequest, targetId: string, values: AccountValues, kind: AccountKind) {
    const admin = requireAdmin(req);
    const before = targetId === 'new' ? undefined : await find(targetId, kind);
    const saved = await saveAccount(asAdmin(ctx, admin), {
      actor: admin,
      before,
      values,
      kind,
      keepSession: req.sessionTokenHash ?? undefined,
    });
    counts.forget();
    return saved;
  }

  async function remove(req: FastifyRequest, targetId: string, kind: AccountKind) {
    const admin = requireAdmin(req);
    const answer = await deleteAccountAsAdmin(asAdmin(ctx, admin), {
      actor: admin,
      target: await find(targetId, kind),
      kind,
    });
    counts.forget();
    return answer;
  }

  // ---- users
  app.get(
    '/admin/user',
    { schema: { querystring: AdminUserListQuery, response: { 200: AdminUserPage } } },
    async (req) => {
      requireAdmin(req);
      return accountsPage(ctx, counts, req.query);
    },
  );

  app.get('/admin/user/:id', { schema: { params: IdParams, response: { 200: AdminUserAnswer } } }, async (req) => {
    requireAdmin(req);
    return presentAdminUser(await find(req.params.id, 'user'));
  });

  const saveUser = async (req: FastifyRequest, targetId: string, body: AdminUserForm) =>
    presentAdminUser(await save(req, targetId, { ...body, profilePicture: body.profilePicture ?? null }, 'user'));
  app.post('/admin/user', { schema: { body: AdminUserForm, response: { 200: AdminUserAnswer } } }, async (req) =>
    saveUser(req, 'new', req.body),
  );
  app.post(
    '/admin/user/:id',
    { schema: { params: IdOrNewParams, body: AdminUserForm, response: { 200: AdminUserAnswer } } },
    async (req) => saveUser(req, req.params.id, req.body),
  );

  app.delete(
    '/admin/user/:id',
    { schema: { params: IdParams, response: { 200: DeletedAccountAnswer } } },
    async (req) => remove(req, req.params.id, 'user'),
  );

  // ---- facilitators
  app.get(
    '/admin/facilitator',
    { schema: { querystring: AdminFacilitatorListQuery, response: { 200: AdminFacilitatorPage } } },
    async (req) => {
      requireAdmin(req);
      return facilitatorsPage(ctx, counts, req.query);
    },
  );

  app.get(
    '/admin/facilitator/:id',
    { schema: { params: IdParams, response: { 200: AdminFacilitatorAnswer } } },
    async (req) => {
      requireAdmin(req);
      return presentAdminFacilitator(await find(req.params.id, 'facilitator'));
    },
  );

  const saveFacilitator = async (req: FastifyRequest, targetId: string, body: AdminFacilitatorForm) =>
    presentAdminFacilitator(
      await save(
        req,
        targetId,
        { ...body, profilePicture: body.profilePicture ?? null, isFacilitator: true },
        'facilitator',
      ),
    );
  app.post(
    '/admin/facilitator',
    { schema: { body: AdminFacilitatorForm, response: { 200: AdminFacilitatorAnswer } } },
    async (req) => saveFacilitator(req, 'new', req.body),
  );
  app.post(
    '/admin/facilitator/:id',
    { schema: { params: IdOrNewParams, body: AdminFacilitatorForm, response: { 200: AdminFacilitatorAnswer } } },
    async (req) => saveFacilitator(req, req.params.id, req.body),
  );

  app.delete(
    '/admin/facilitator/:id',
    { schema: { params: IdParams, response: { 200: DeletedAccountAnswer } } },
    async (req) => remove(req, req.params.id, 'facilitator'),
  );
};
