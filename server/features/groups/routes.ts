import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, eq, ne, or, sql } from 'drizzle-orm';
import { IdOrNewParams, IdParams } from '../../../common/params';
import {
  GroupListQuery,
  JoinGroupRequest,
  SaveGroupRequest,
  UpdateRequestRequest,
} from '../../../common/groups/schemas';
import { groups, memberships, tags, users, type User } from '../../db/schema';
import { notFound } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { matchesSearch, membershipOf, selectGroups } from './queries';
import * as service from './service';

/** spec 02 §7 Posts and groups: the group calls and app/tags. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadKnown = (user: User, id: string) => service.findKnownGroup(ctx, user, id);
  const presentOne = async (user: User, id: string) => (await selectGroups(ctx.db, user.id, eq(groups.id, id)))[0]!;

  /** The caller's own groups (the tier form's associated group), hidden ones included. */
  app.get('/app/own-group', async (req) => {
    const user = requireUser(req);
    return selectGroups(ctx.db, user.id, eq(groups.ownerId, user.id));
  });

  app.get('/app/tags', async (req) => {
    requireUser(req);
    return (await ctx.db.select().from(tags).orderBy(asc(tags.text))).map((t) => ({ _id: t.id, text: t.text }));
  });

  /** Explore: not hidden, not mine, not joined; My Groups: owned or approved member. */
  app.get('/app/group', { schema: { querystring: GroupListQuery } }, async (req) => {
    const user = requireUser(req);
    const { tab, search } = req.query;
    const joined = sql`exists (select 1 from ${memberships} m where m.group_id = ${groups.id} and m.user_id = ${user.id} and m.status = 'approved')`;
    const where =
      tab === 'mine'
        ? or(eq(groups.ownerId, user.id), joined)
        : and(
            eq(groups.isHidden, false),
            ne(groups.ownerId, user.id),
            sql`not ${joined}`,
            search?.trim() ? matchesSearch(search.trim()) : undefined,
          );
    return selectGroups(ctx.db, user.id, where);
  });

  app.get('/app/group/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const group = await loadKnown(user, req.params.id);
    service.authorizeOwner(user, group);
    return presentOne(user, group.id);
  });

  app.post('/app/group/:id', { schema: { params: IdOrNewParams, body: SaveGroupRequest } }, async (req) => {
    const user = requireUser(req);
    if (req.params.id === 'new') return presentOne(user, (await service.saveGroup(ctx, user, req.body)).id);
    const group = await loadKnown(user, req.params.id);
    service.authorizeOwner(user, group);
    return presentOne(user, (await service.saveGroup(ctx, user, req.body, group)).id);
  });

  app.post('/app/group', { schema: { body: SaveGroupRequest } }, async (req) => {
    const user = requireUser(req);
    return presentOne(user, (await service.saveGroup(ctx, user, req.body)).id);
  });

  /** The join view's data: the group and my membership status. */
  app.get('/app/group-display-data/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return presentOne(user, (await loadKnown(user, req.params.id)).id);
  });

  /** The member view: only for approved members, the owner and admins. */
  app.get('/app/group-details/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const group = await loadKnown(user, req.params.id);
    if (!(await service.isInGroup(ctx, user, group.id))) throw notFound('Group not found');
    const members = await ctx.db
      .select({ _id: users.id, name: users.name, profilePicture: users.profilePicture })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.groupId, group.id), eq(memberships.status, 'approved')))
      .orderBy(asc(memberships.createdAt))
      .limit(3);
    const shown = await presentOne(user, group.id);
    const mine = await membershipOf(ctx.db, group.id, user.id);
    return {
      group: shown,
      membershipRequest: mine ? { _id: mine.id, status: mine.status, requestText: mine.requestText } : null,
      members,
      memberCount: shown.members,
      groupOwner: shown.owner,
    };
  });

  app.post('/app/join-group/:id', { schema: { params: IdParams, body: JoinGroupRequest } }, async (req) => {
    const user = requireUser(req);
    const group = await loadKnown(user, req.params.id);
    const m = await service.joinGroup(ctx, user, group, req.body.text);
    return { _id: m.id, status: m.status };
  });

  app.delete('/app/leave-group/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    await service.leaveGroup(ctx, user, await loadKnown(user, req.params.id));
    return { left: true };
  });

  app.get('/app/membership-requests/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const group = await loadKnown(user, req.params.id);
    service.authorizeOwner(user, group);
    return service.requestsOf(ctx, group.id);
  });

  app.post('/app/update-request/:id', { schema: { params: IdParams, body: UpdateRequestRequest } }, async (req) => {
    const m = await service.decideRequest(ctx, req.params.id, requireUser(req), req.body.status);
    return { _id: m.id, status: m.status };
  });
};
