import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { IdParams } from '../../../common/params';
import {
  CreateCommentRequest,
  CreatePostRequest,
  EditCommentRequest,
  EditPostRequest,
  FeedQuery,
  GroupPostsQuery,
  SearchPostsQuery,
} from '../../../common/posts/schemas';
import { posts } from '../../db/schema';
import { forbidden, notFound } from '../../platform/errors';
import { findKnownGroup, isInGroup } from '../groups/service';
import { requireUser } from '../auth/policy';
import { canDeletePost } from './policy';
import { authorize } from '../../platform/authorize';
import { commentsOf, groupPostsPage, inspirationPage, searchInspirationPage } from './queries';
import {
  addComment,
  addHit,
  createPost,
  editComment,
  editPost,
  findPost,
  loadVisibleComment,
  loadVisiblePost,
  presentPost,
  toggleHeart,
} from './service';

/** spec 02 §7 Posts: the inspiration feed, a post with comments, hits, hearts, comments, removal. */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/app/inspiration', { schema: { querystring: FeedQuery } }, async (req) => {
    return inspirationPage(ctx.db, requireUser(req), req.query.cursor, req.query.limit);
  });

  /** issue 15: search the inspiration feed's posts, keyset-paged like the feed. */
  app.get('/app/search-posts', { schema: { querystring: SearchPostsQuery } }, async (req) => {
    return searchInspirationPage(ctx.db, requireUser(req), req.query);
  });

  /** A group's discussion: approved members, the owner and admins (DESIGN.md §5 Access). */
  app.get('/app/get-group-posts/:id', { schema: { params: IdParams, querystring: GroupPostsQuery } }, async (req) => {
    const user = requireUser(req);
    const group = await findKnownGroup(ctx, user, req.params.id);
    if (!(await isInGroup(ctx, user, group.id))) throw forbidden('Join this group to read its discussion');
    return groupPostsPage(ctx.db, user, group.id, req.query);
  });

  app.post('/app/post', { schema: { body: CreatePostRequest } }, async (req) =>
    createPost(ctx, requireUser(req), req.body),
  );

  app.get('/app/view-post/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const post = await loadVisiblePost(ctx, user, req.params.id);
    const [shown, list] = await Promise.all([presentPost(ctx, user, post.id), commentsOf(ctx.db, user, post)]);
    return { post: shown, comments: list };
  });

  app.get('/app/increase-post-hits/:id', { schema: { params: IdParams } }, async (req) => {
    const post = await loadVisiblePost(ctx, requireUser(req), req.params.id);
    return addHit(ctx.db, post.id);
  });

  app.get('/app/post/:id/heart', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    return toggleHeart(ctx, user, await loadVisiblePost(ctx, user, req.params.id));
  });

  app.post('/app/create-comment/:id', { schema: { params: IdParams, body: CreateCommentRequest } }, async (req) => {
    const user = requireUser(req);
    return addComment(ctx, user, await loadVisiblePost(ctx, user, req.params.id), req.body);
  });

  /** issue 15: the author edits a post's text (others 403). */
  app.post('/app/edit-post/:id', { schema: { params: IdParams, body: EditPostRequest } }, async (req) => {
    const user = requireUser(req);
    return editPost(ctx, user, await loadVisiblePost(ctx, user, req.params.id), req.body.text);
  });

  /** issue 15: the author edits a comment's text (others 403). */
  app.post('/app/edit-comment/:id', { schema: { params: IdParams, body: EditCommentRequest } }, async (req) => {
    const user = requireUser(req);
    return editComment(ctx, user, await loadVisibleComment(ctx, user, req.params.id), req.body.commentText);
  });

  app.delete('/app/get-posts/:id', { schema: { params: IdParams } }, async (req) => {
    const user = requireUser(req);
    const post = await findPost(ctx, req.params.id);
    if (!post) throw notFound('Post not found');
    authorize(canDeletePost(user, post), () => forbidden('author_only_remove'));
    await ctx.db.delete(posts).where(eq(posts.id, post.id));
    return { deleted: true };
  });
};
