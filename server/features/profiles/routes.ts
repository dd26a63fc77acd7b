import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { IdParams } from '../../../common/params';
import { GroupListAnswer } from '../../../common/groups/schemas';
import { NEXT_CURSOR_HEADER } from '../../../common/params';
import { FeedAnswer, FeedQuery } from '../../../common/posts/schemas';
import {
  AccountExportAnswer,
  DeleteAccountRequest,
  DeletedAccountAnswer,
  ExploreAnswer,
  ExploreQuery,
  BecomeFacilitatorRequest,
  OwnProfileAnswer,
  ProfileGroupsQuery,
  ProfileTiersAnswer,
  PublicProfileAnswer,
  UpdateProfileRequest,
} from '../../../common/profiles/schemas';
import { authorize, hidden } from '../../platform/authorize';
import { updateAccount } from '../auth/account';
import { requireUser } from '../auth/policy';
import { exportAccount } from './account-export';
import { becomeFacilitator, mayBecomeFacilitator } from './become-facilitator';
import { canSeeUnpublishedTiers, canViewFacilitatorTabs, canViewProfile } from './policy';
import { presentOwnProfile, presentPublicProfile } from './presenter';
import { listGroupsJoinedBy, listGroupsOwnedBy } from '../groups/service';
import { mayMessageUser } from '../messages/service';
import { listPostsBy } from '../posts/service';
import { plansOf } from './plans';
import { accountById, deleteOwnAccount, exploreFacilitators, facilitatorById } from './service';

/** A page of groups as an array, the next page's cursor in the `next-cursor` header (absent at the end). */
function pageOfGroups<T>(reply: FastifyReply, page: { items: T[]; next: string | null }) {
  if (page.next) reply.header(NEXT_CURSOR_HEADER, page.next);
  return page.items;
}

/** Profiles: GET app/facilitator/{id} and /{id}/tiers (published plans only). */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  /** A profile the viewer may see, else 404 (every member has one; `facilitator` narrows to facilitators). */
  const findProfile = async (viewer: Parameters<typeof canViewProfile>[0], id: string) => {
    const account = await accountById(ctx, id);
    authorize(account !== undefined && canViewProfile(viewer, account), hidden('user_not_found'));
    return account;
  };

  /**
   * Explore: facilitators, those named like the search first, searched on the server
   * with trigram indexes.
   */
  app.get(
    '/app/facilitators',
    { schema: { querystring: ExploreQuery, response: { 200: ExploreAnswer } } },
    async (req) => {
      requireUser(req);
      return exploreFacilitators(ctx, req.query);
    },
  );

  /** Settings: my account, and saving the settings form. */
  app.get('/app/profile', { schema: { response: { 200: OwnProfileAnswer } } }, async (req) => {
    const me = requireUser(req);
    return { ...presentOwnProfile(me), mayBecomeFacilitator: await mayBecomeFacilitator(ctx, me) };
  });

  /** Settings, Become a facilitator: I turn into a facilitator (the web app then opens /dashboard). */
  app.post(
    '/app/me/become-facilitator',
    { schema: { body: BecomeFacilitatorRequest, response: { 200: OwnProfileAnswer } } },
    async (req) => presentOwnProfile(await becomeFacilitator(ctx, requireUser(req), req.body)),
  );

  app.post(
    '/app/profile',
    { schema: { body: UpdateProfileRequest, response: { 200: OwnProfileAnswer } } },
    async (req) => presentOwnProfile(await updateAccount(ctx, requireUser(req), req.sessionTokenHash, req.body)),
  );

  /** Download my data: a JSON file of everything of my account. */
  app.get('/app/account/export', { schema: { response: { 200: AccountExportAnswer } } }, async (req, reply) => {
    const user = requireUser(req);
    reply.header(
      'content-disposition',
      `attachment; filename="tend-${user.username}-${new Date().toISOString().slice(0, 10)}.json"`,
    );
    return exportAccount(ctx, user);
  });

  /** Delete my account, confirmed with my password. */
  app.post(
    '/app/account/delete',
    { schema: { body: DeleteAccountRequest, response: { 200: DeletedAccountAnswer } } },
    async (req) => deleteOwnAccount(ctx, { user: requireUser(req), password: req.body.password }),
  );

  /** The profile tabs, for me (…/own/…) and for anyone (…/{id}/…). */
  app.get('/app/facilitator/own', { schema: { response: { 200: PublicProfileAnswer } } }, async (req) =>
    presentPublicProfile(requireUser(req)),
  );

  app.get('/app/facilitator/own/tiers', { schema: { response: { 200: ProfileTiersAnswer } } }, async (req) => {
    const me = requireUser(req);
    return plansOf(ctx, me, true);
  });

  app.get(
    '/app/facilitator/own/posts',
    { schema: { querystring: FeedQuery, response: { 200: FeedAnswer } } },
    async (req) => {
      const me = requireUser(req);
      return listPostsBy(ctx, me, me.id, req.query);
    },
  );

  app.get(
    '/app/facilitator/own/groups',
    { schema: { querystring: ProfileGroupsQuery, response: { 200: GroupListAnswer } } },
    async (req, reply) => {
      const me = requireUser(req);
      return pageOfGroups(reply, await listGroupsOwnedBy(ctx, me, me.id, req.query));
    },
  );

  /** Groups I belong to (approved) without owning them. */
  app.get(
    '/app/facilitator/own/in-groups',
    { schema: { querystring: ProfileGroupsQuery, response: { 200: GroupListAnswer } } },
    async (req, reply) => pageOfGroups(reply, await listGroupsJoinedBy(ctx, requireUser(req), req.query)),
  );

  app.get(
    '/app/facilitator/:id/posts',
    { schema: { params: IdParams, querystring: FeedQuery, response: { 200: FeedAnswer } } },
    async (req) => {
      const viewer = requireUser(req);
      const account = await findProfile(viewer, req.params.id);
      return listPostsBy(ctx, viewer, account.id, req.query);
    },
  );

  /** Groups someone owns; hidden ones only for the owner (and admins). */
  app.get(
    '/app/facilitator/:id/groups',
    { schema: { params: IdParams, querystring: ProfileGroupsQuery, response: { 200: GroupListAnswer } } },
    async (req, reply) => {
      const viewer = requireUser(req);
      const account = await findProfile(viewer, req.params.id);
      return pageOfGroups(reply, await listGroupsOwnedBy(ctx, viewer, account.id, req.query));
    },
  );

  app.get(
    '/app/facilitator/:id',
    { schema: { params: IdParams, response: { 200: PublicProfileAnswer } } },
    async (req) => {
      const viewer = requireUser(req);
      const account = await findProfile(viewer, req.params.id);
      // every member has a profile (post authors link to it); Plans and Sessions are for facilitators
      return { ...presentPublicProfile(account), canMessage: await mayMessageUser(ctx, viewer, account) };
    },
  );

  app.get(
    '/app/facilitator/:id/tiers',
    { schema: { params: IdParams, response: { 200: ProfileTiersAnswer } } },
    async (req) => {
      const viewer = requireUser(req);
      const owner = await facilitatorById(ctx, req.params.id);
      authorize(owner !== undefined && canViewFacilitatorTabs(viewer, owner), hidden('facilitator_not_found'));
      const isOwner = canSeeUnpublishedTiers(viewer, owner);
      // the queue is the owner's business; others see the plan, not its contents
      return plansOf(ctx, owner, isOwner);
    },
  );
};
