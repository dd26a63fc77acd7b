import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import {
  ADMIN_MESSAGES,
  AdminFacilitatorForm,
  AdminFacilitatorListQuery,
  AdminUserForm,
  AdminUserListQuery,
  type AdminFacilitatorAnswer,
  type AdminUserAnswer,
} from '../../../common/admin/schemas';
import { PROFILE_MESSAGES } from '../../../common/profiles/schemas';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import { users, type User } from '../../db/schema';
import { badRequest, conflict, notFound, uniqueViolation } from '../../platform/errors';
import { randomToken } from '../../platform/secrets';
import { requireAdmin } from '../auth/policy';
import { hashPassword } from '../auth/passwords';
import { sendWelcome } from '../auth/service';
import { endUserSessions } from '../auth/sessions';
import { hasPayingSubscribers, removeAccount } from '../profiles/account-data';
import { audit } from './audit';
import { countCacheOf, type CountCache } from './count-cache';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { anyContainsText } from '../../platform/text-search';
import { keysetPage, sortKeyColumn, type SortPart } from '../../platform/keyset';

const id: SortPart = { expr: sql`${users.id}`, type: 'uuid' };
const byEmail: SortPart = { expr: sql`lower(${users.email})`, type: 'text' };
const byUsername: SortPart = { expr: sql`lower(${users.username})`, type: 'text' };
/** Each sort ends in the id; unsorted lists show the newest accounts first (migration 0012 indexes). */
const SORTS = {
  newest: [{ expr: sql`${users.createdAt}`, type: 'timestamptz' }, id],
  email: [byEmail, id],
  username: [byUsername, id],
  isFacilitator: [{ expr: sql`${users.isFacilitator}`, type: 'boolean' }, byEmail, id],
} satisfies Record<string, SortPart[]>;

type ListQuery = {
  limit: number;
  dir: 'asc' | 'desc';
  after?: string;
  before?: string;
  sort?: keyof typeof SORTS;
  search?: string;
};

/** One keyset page of accounts; `filter` narrows it (facilitators only, a search). */
function accountPage<C extends Record<string, PgColumn>>(
  db: Database,
  counts: CountCache,
  query: ListQuery,
  filter: SQL | undefined,
  columns: C,
  countKey: string,
) {
  const sort = SORTS[query.sort ?? 'newest'];
  const dir = query.sort ? query.dir : 'desc';
  return keysetPage(
    sort,
    { ...query, dir },
    (where, order, limit) =>
      db
        .select({ ...columns, sortKey: sortKeyColumn(sort) })
        .from(users)
        .where(and(filter, where))
        .orderBy(...order)
        .limit(limit),
    () => counts.count(countKey, async () => (await db.select({ n: count() }).from(users).where(filter))[0]!.n),
  );
}

/** The fields both account forms show. */
const accountFields = (u: User) => ({
  _id: u.id,
  name: u.name,
  username: u.username,
  email: u.email,
  bio: u.bio,
  profilePicture: u.profilePicture,
  emailConfirmed: u.emailConfirmed,
  twoFactorEnabled: u.twoFactorEnabled,
});
const presentUser = (u: User): AdminUserAnswer => ({
  ...accountFields(u),
  isAdmin: u.isAdmin,
  isFacilitator: u.isFacilitator,
});
const presentFacilitator = (u: User): AdminFacilitatorAnswer => ({
  ...accountFields(u),
  facilitatorCategory: u.facilitatorCategory,
});

/** The fields an admin may set on an account, and what changed (for the audit entry). */
type AccountValues = Partial<
  Pick<
    User,
    | 'name'
    | 'username'
    | 'email'
    | 'bio'
    | 'profilePicture'
    | 'emailConfirmed'
    | 'twoFactorEnabled'
    | 'isAdmin'
    | 'isFacilitator'
    | 'facilitatorCategory'
  >
>;

function changesOf(before: User | undefined, after: AccountValues) {
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (!before || before[key as keyof User] !== value) changed[key] = value;
  }
  return changed;
}

/**
 * spec 01 §7 Admin calls and Generic form calls for accounts: GET admin/user (keyset pages, sorted
 * on the server), GET/POST admin/user[/{id}], DELETE admin/user/{id}, and the same for
 * admin/facilitator (facilitators only, searchable). Admins only; every change is audited.
 */
export const adminUserRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const counts = countCacheOf(ctx);

  const find = async (userId: string, facilitatorsOnly = false) => {
    const [row] = await db
      .select()
      .from(users)
      .where(and(eq(users.id, userId), facilitatorsOnly ? eq(users.isFacilitator, true) : undefined));
    if (!row) throw notFound(facilitatorsOnly ? 'Facilitator not found' : 'User not found');
    return row;
  };

  /** Creates or updates an account; the audit entry is written in the same transaction. */
  async function saveAccount(
    admin: User,
    keepSession: string | undefined,
    targetId: string,
    values: AccountValues,
    targetType: 'user' | 'facilitator',
  ) {
    const before = targetId === 'new' ? undefined : await find(targetId, targetType === 'facilitator');
    if (before?.id === admin.id && values.isAdmin === false)
      throw badRequest('own_admin_flag', { message: ADMIN_MESSAGES.ownAdminFlag });
    if (values.twoFactorEnabled && !values.emailConfirmed)
      throw badRequest('two_factor_needs_email', { message: PROFILE_MESSAGES.twoFactorNeedsConfirmedEmail });
    if (before?.isFacilitator && values.isFacilitator === false && (await hasPayingSubscribers(ctx, before.id))) {
      throw conflict('has_paying_subscribers', { message: ADMIN_MESSAGES.payingSubscribers });
    }
    const passwordHash = before ? undefined : await hashPassword(randomToken());
    let saved: User;
    try {
      saved = await db.transaction(async (tx) => {
        const t = tx;
        const [row] = before
          ? await t
              .update(users)
              .set({ ...values, updatedAt: new Date() })
              .where(eq(users.id, before.id))
              .returning()
          : await t
              .insert(users)
              .values({
                ...values,
                name: values.name!,
                username: values.username!,
                email: values.email!,
                passwordHash: passwordHash!,
              })
              .returning();
        const details = changesOf(before, values);
        await audit(t, admin, {
          action: before ? 'update' : 'create',
          targetType,
          targetId: row!.id,
          details: { email: row!.email, ...details },
        });
        return row!;
      });
    } catch (err) {
      const constraint = uniqueViolation(err);
      if (constraint?.includes('email')) throw conflict('email_in_use', { message: ADMIN_MESSAGES.emailInUse });
      if (constraint?.includes('username'))
        throw conflict('username_in_use', { message: ADMIN_MESSAGES.usernameInUse });
      throw err;
    }
    // a new address or a removed admin flag must not ride on sessions opened before the change
    if (before && (before.email !== saved.email || (before.isAdmin && !saved.isAdmin))) {
      // an admin editing their own address stays signed in here
      await endUserSessions(db, saved.id, saved.id === admin.id ? keepSession : undefined);
    }
    counts.forget();
    if (!before) await sendWelcome(ctx, saved);
    return saved;
  }

  async function deleteAccountAsAdmin(admin: User, target: User, targetType: 'user' | 'facilitator') {
    if (target.id === admin.id) throw badRequest('delete_self', { message: ADMIN_MESSAGES.deleteSelf });
    if (target.isAdmin) throw conflict('delete_admin', { message: ADMIN_MESSAGES.deleteAdmin });
    await removeAccount(ctx, target, {
      payingMessage: ADMIN_MESSAGES.payingSubscribers,
      inTransaction: (tx) =>
        audit(tx, admin, {
          action: 'delete',
          targetType,
          targetId: target.id,
          details: { email: target.email, name: target.name },
        }),
    });
    counts.forget();
    return { deleted: true };
  }

  // ---- users
  app.get('/admin/user', { schema: { querystring: AdminUserListQuery } }, async (req) => {
    requireAdmin(req);
    return accountPage(
      db,
      counts,
      req.query,
      undefined,
      { _id: users.id, email: users.email, username: users.username, isFacilitator: users.isFacilitator },
      'users',
    );
  });

  app.get('/admin/user/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    return presentUser(await find(req.params.id));
  });

  const saveUser = async (req: FastifyRequest, targetId: string, body: AdminUserForm) =>
    presentUser(
      await saveAccount(
        requireAdmin(req),
        req.sessionTokenHash ?? undefined,
        targetId,
        { ...body, profilePicture: body.profilePicture ?? null },
        'user',
      ),
    );
  app.post('/admin/user', { schema: { body: AdminUserForm } }, async (req) => saveUser(req, 'new', req.body));
  app.post('/admin/user/:id', { schema: { params: IdOrNewParams, body: AdminUserForm } }, async (req) =>
    saveUser(req, req.params.id, req.body),
  );

  app.delete('/admin/user/:id', { schema: { params: IdParams } }, async (req) => {
    const admin = requireAdmin(req);
    return deleteAccountAsAdmin(admin, await find(req.params.id), 'user');
  });

  // ---- facilitators
  app.get('/admin/facilitator', { schema: { querystring: AdminFacilitatorListQuery } }, async (req) => {
    requireAdmin(req);
    const search = req.query.search
      ? anyContainsText([users.name, users.email, users.username], req.query.search)
      : undefined;
    return accountPage(
      db,
      counts,
      req.query,
      and(eq(users.isFacilitator, true), search),
      {
        _id: users.id,
        name: users.name,
        email: users.email,
        username: users.username,
      },
      `facilitators:${req.query.search ?? ''}`,
    );
  });

  app.get('/admin/facilitator/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    return presentFacilitator(await find(req.params.id, true));
  });

  const saveFacilitator = async (req: FastifyRequest, targetId: string, body: AdminFacilitatorForm) =>
    presentFacilitator(
      await saveAccount(
        requireAdmin(req),
        req.sessionTokenHash ?? undefined,
        targetId,
        { ...body, profilePicture: body.profilePicture ?? null, isFacilitator: true },
        'facilitator',
      ),
    );
  app.post('/admin/facilitator', { schema: { body: AdminFacilitatorForm } }, async (req) =>
    saveFacilitator(req, 'new', req.body),
  );
  app.post('/admin/facilitator/:id', { schema: { params: IdOrNewParams, body: AdminFacilitatorForm } }, async (req) =>
    saveFacilitator(req, req.params.id, req.body),
  );

  app.delete('/admin/facilitator/:id', { schema: { params: IdParams } }, async (req) => {
    const admin = requireAdmin(req);
    return deleteAccountAsAdmin(admin, await find(req.params.id, true), 'facilitator');
  });
};
