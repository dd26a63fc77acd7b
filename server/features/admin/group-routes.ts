import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdminGroupAnswer,
  AdminGroupRow,
  AdminPostAnswer,
  AdminPostForm,
  AdminPostListQuery,
  AdminPostPage,
} from '../../../common/admin/schemas';
import { SaveGroupRequest } from '../../../common/groups/schemas';
import { DeletedAnswer } from '../../../common/params';
import { IdOrNewParams, IdParams } from '../../../common/params';
import type { Group, Post, User } from '../../db/schema';
import { requireAdmin } from './policy';
import { deleteGroup, loadGroup, saveGroup } from '../groups/service';
import { deleteComment, loadComment } from '../posts/comments';
import { deletePost, loadPost, moderatePost } from '../posts/service';
import { asAdmin } from './audit';
import { countCacheOf } from './count-cache';
import { presentAdminGroup, presentAdminGroupRow, presentAdminPost, presentAdminPostRow } from './group-presenter';
import { groupParts, groupPostsPage, listGroupRows, postParts } from './service';

/**
 * The admin calls for groups and posts: GET admin/group, the Group form on admin/group[/{id}],
 * DELETE admin/group/{id}, GET admin/group/{id}/posts (keyset pages, sorted on the server), the
 * Post form on admin/post/{id} (text, media, the comments' texts), DELETE admin/post/{id} and
 * DELETE admin/comment/{id}. Admins only; the groups and posts commands write each change's audit
 * entry in their own transaction (asAdmin).
 */
export const adminGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const counts = countCacheOf(ctx);

  const showGroup = async (group: Group) => presentAdminGroup(group, await groupParts(ctx, group));
  const showPost = async (post: Post) => presentAdminPost(post, await postParts(ctx, post));

  // ---- groups
  app.get('/admin/group', { schema: { response: { 200: z.array(AdminGroupRow) } } }, async (req) => {
    requireAdmin(req);
    return (await listGroupRows(ctx)).map(presentAdminGroupRow);
  });

  app.get('/admin/group/:id', { schema: { params: IdParams, response: { 200: AdminGroupAnswer } } }, async (req) => {
    requireAdmin(req);
    return showGroup(await loadGroup(ctx, req.params.id));
  });

  /** A new group is owned by the admin who creates it. */
  const save = async (admin: User, id: string, input: SaveGroupRequest) => {
    const group = id === 'new' ? undefined : await loadGroup(ctx, id);
    return showGroup(await saveGroup(asAdmin(ctx, admin), { actor: admin, group, input }));
  };
  app.post('/admin/group', { schema: { body: SaveGroupRequest, response: { 200: AdminGroupAnswer } } }, async (req) =>
    save(requireAdmin(req), 'new', req.body),
  );
  app.post(
    '/admin/group/:id',
    { schema: { params: IdOrNewParams, body: SaveGroupRequest, response: { 200: AdminGroupAnswer } } },
    async (req) => save(requireAdmin(req), req.params.id, req.body),
  );

  app.delete('/admin/group/:id', { schema: { params: IdParams, response: { 200: DeletedAnswer } } }, async (req) => {
    const admin = requireAdmin(req);
    await deleteGroup(asAdmin(ctx, admin), { group: await loadGroup(ctx, req.params.id) });
    counts.forget();
    return { deleted: true as const };
  });

  // ---- posts
  app.get(
    '/admin/group/:id/posts',
    { schema: { params: IdParams, querystring: AdminPostListQuery, response: { 200: AdminPostPage } } },
    async (req) => {
      requireAdmin(req);
      const group = await loadGroup(ctx, req.params.id);
      const page = await groupPostsPage(ctx, group.id, req.query, counts.count);
      return { ...page, items: page.items.map(presentAdminPostRow) };
    },
  );

  app.get('/admin/post/:id', { schema: { params: IdParams, response: { 200: AdminPostAnswer } } }, async (req) => {
    requireAdmin(req);
    return showPost(await loadPost(ctx, req.params.id));
  });

  app.post(
    '/admin/post/:id',
    { schema: { params: IdParams, body: AdminPostForm, response: { 200: AdminPostAnswer } } },
    async (req) => {
      const admin = requireAdmin(req);
      const post = await loadPost(ctx, req.params.id);
      await moderatePost(asAdmin(ctx, admin), { post, input: req.body });
      return showPost(await loadPost(ctx, post.id));
    },
  );

  /** One comment, its replies with it (replies have no thread without their parent). */
  app.delete('/admin/comment/:id', { schema: { params: IdParams, response: { 200: DeletedAnswer } } }, async (req) => {
    const admin = requireAdmin(req);
    await deleteComment(asAdmin(ctx, admin), { comment: await loadComment(ctx, req.params.id) });
    counts.forget();
    return { deleted: true as const };
  });

  app.delete('/admin/post/:id', { schema: { params: IdParams, response: { 200: DeletedAnswer } } }, async (req) => {
    const admin = requireAdmin(req);
    await deletePost(asAdmin(ctx, admin), { post: await loadPost(ctx, req.params.id) });
    counts.forget();
    return { deleted: true as const };
  });
};
