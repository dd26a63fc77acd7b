import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GroupAnswer,
  GroupDetailsAnswer,
  GroupListAnswer,
  GroupListQuery,
  JoinGroupRequest,
  LeftGroupAnswer,
  MembershipAnswer,
  MembershipRequestListAnswer,
  SaveGroupRequest,
  TagListAnswer,
  UpdateRequestRequest,
} from '../../../common/groups/schemas';
import { IdOrNewParams, IdParams } from '../../../common/params';
import type { User } from '../../db/schema';
import { authorize, hidden } from '../../platform/authorize';
import { requireUser } from '../auth/policy';
import { canCreateGroup } from './policy';
import { presentMembership, presentRequest, presentTag } from './presenter';
import * as membership from './memberships';
import * as service from './service';
import { NEXT_CURSOR_HEADER } from '../../../common/params';

/** The group calls and app/tags. */
export const groupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  const loadKnown = (user: User, id: string) => service.findKnownGroup(ctx, user, id);
  const presentOne = (user: User, id: string) => service.groupShownTo(ctx, user.id, id);

  /** The caller's own groups (the tier form's associated group), hidden ones included. */
  app.get('/app/own-group', { schema: { response: { 200: GroupListAnswer } } }, async (req) => {
    const user = requireUser(req);
    return service.ownGroups(ctx, user.id);
  });

  app.get('/app/tags', { schema: { response: { 200: TagListAnswer } } }, async (req) => {
    requireUser(req);
    return (await service.listTags(ctx)).map(presentTag);
  });

  /** Explore: not hidden, not mine, not joined; My Groups: owned or approved member. Paged: `next-cursor` header. */
  app.get(
    '/app/group',
    { schema: { querystring: GroupListQuery, response: { 200: GroupListAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      const page = await service.groupListPage(ctx, user.id, req.query);
      if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
      return page.items;
    },
  );

  app.get('/app/group/:id', { schema: { params: IdParams, response: { 200: GroupAnswer } } }, async (req) => {
    const user = requireUser(req);
    const group = await loadKnown(user, req.params.id);
    service.authorizeManage(user, group);
    return presentOne(user, group.id);
  });

  const save = async (user: User, id: string, input: SaveGroupRequest) => {
    if (id === 'new') {
      authorize(canCreateGroup(user));
      return presentOne(user, (await service.saveGroup(ctx, { actor: user, input })).id);
    }
    const group = await loadKnown(user, id);
    service.authorizeManage(user, group);
    return presentOne(user, (await service.saveGroup(ctx, { actor: user, group, input })).id);
  };

  app.post(
    '/app/group/:id',
    { schema: { params: IdOrNewParams, body: SaveGroupRequest, response: { 200: GroupAnswer } } },
    async (req) => save(requireUser(req), req.params.id, req.body),
  );

  app.post('/app/group', { schema: { body: SaveGroupRequest, response: { 200: GroupAnswer } } }, async (req) =>
    save(requireUser(req), 'new', req.body),
  );

  /** The join view's data: the group and my membership status. */
  app.get(
    '/app/group-display-data/:id',
    { schema: { params: IdParams, response: { 200: GroupAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return presentOne(user, (await loadKnown(user, req.params.id)).id);
    },
  );

  /** The member view: only for approved members, the owner and admins (policy canEnterGroup). */
  app.get(
    '/app/group-details/:id',
    { schema: { params: IdParams, response: { 200: GroupDetailsAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const group = await loadKnown(user, req.params.id);
      authorize(await service.isInGroup(ctx, user, group.id), hidden('group_not_found'));
      const [members, shown, mine] = await Promise.all([
        service.firstMembersOf(ctx, group.id, 3),
        presentOne(user, group.id),
        service.myMembership(ctx, group.id, user.id),
      ]);
      return {
        group: shown,
        membershipRequest: mine ? { _id: mine.id, status: mine.status, requestText: mine.requestText } : null,
        members,
        memberCount: shown.members,
        groupOwner: shown.owner,
      };
    },
  );

  app.post(
    '/app/join-group/:id',
    { schema: { params: IdParams, body: JoinGroupRequest, response: { 200: MembershipAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const group = await loadKnown(user, req.params.id);
      return presentMembership(await membership.joinGroup(ctx, { user, group, text: req.body.text }));
    },
  );

  app.delete(
    '/app/leave-group/:id',
    { schema: { params: IdParams, response: { 200: LeftGroupAnswer } } },
    async (req) => {
      const user = requireUser(req);
      await membership.leaveGroup(ctx, { user, group: await loadKnown(user, req.params.id) });
      return { left: true as const };
    },
  );

  app.get(
    '/app/membership-requests/:id',
    { schema: { params: IdParams, response: { 200: MembershipRequestListAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const group = await loadKnown(user, req.params.id);
      service.authorizeManage(user, group);
      return (await service.membershipRequests(ctx, group.id)).map(presentRequest);
    },
  );

  app.post(
    '/app/update-request/:id',
    { schema: { params: IdParams, body: UpdateRequestRequest, response: { 200: MembershipAnswer } } },
    async (req) =>
      presentMembership(
        await membership.decideRequest(ctx, {
          decider: requireUser(req),
          requestId: req.params.id,
          status: req.body.status,
        }),
      ),
  );
};
