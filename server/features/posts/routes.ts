import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { DeletedAnswer } from '../../../common/params';
import { IdParams } from '../../../common/params';
import {
  COMMENTS_PAGE_SIZE,
  CommentAnswer,
  CreateCommentRequest,
  CreatePostRequest,
  EditCommentRequest,
  EditPostRequest,
  FeedAnswer,
  FeedQuery,
  GroupPostsQuery,
  HeartAnswer,
  HitsAnswer,
  PostAnswer,
  PostCommentsAnswer,
  PostCommentsQuery,
  SearchPostsQuery,
  ViewPostAnswer,
} from '../../../common/posts/schemas';
import { authorize } from '../../platform/authorize';
import { forbidden } from '../../platform/errors';
import { requireUser } from '../auth/policy';
import { findKnownGroup, isInGroup } from '../groups/service';
import { canDeletePost } from './policy';
import {
  addHit,
  conversationPage,
  createPost,
  deletePost,
  editPost,
  groupFeed,
  inspirationFeed,
  loadPost,
  loadVisiblePost,
  presentPostById,
  searchFeed,
  toggleHeart,
} from './service';
import { addComment, editComment, loadVisibleComment } from './comments';

/** Posts: the inspiration feed, a post with comments, hits, hearts, comments, removal. */
export const postRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get('/app/inspiration', { schema: { querystring: FeedQuery, response: { 200: FeedAnswer } } }, async (req) => {
    return inspirationFeed(ctx, requireUser(req), req.query.cursor, req.query.limit);
  });

  /** Search the inspiration feed's posts, keyset-paged like the feed. */
  app.get(
    '/app/search-posts',
    { schema: { querystring: SearchPostsQuery, response: { 200: FeedAnswer } } },
    async (req) => searchFeed(ctx, requireUser(req), req.query),
  );

  /** A group's discussion: approved members, the owner and admins. */
  app.get(
    '/app/get-group-posts/:id',
    { schema: { params: IdParams, querystring: GroupPostsQuery, response: { 200: FeedAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const group = await findKnownGroup(ctx, user, req.params.id);
      authorize(await isInGroup(ctx, user, group.id), () => forbidden('not_group_member'));
      return groupFeed(ctx, user, group.id, req.query);
    },
  );

  app.post(
    '/app/post',
    { config: { idempotent: true }, schema: { body: CreatePostRequest, response: { 200: PostAnswer } } },
    async (req) => createPost(ctx, { author: requireUser(req), input: req.body }),
  );

  app.get('/app/view-post/:id', { schema: { params: IdParams, response: { 200: ViewPostAnswer } } }, async (req) => {
    const user = requireUser(req);
    const post = await loadVisiblePost(ctx, user, req.params.id);
    const [shown, page] = await Promise.all([
      presentPostById(ctx, user, post.id),
      conversationPage(ctx, user, post, { limit: COMMENTS_PAGE_SIZE }),
    ]);
    return { post: shown, comments: page.comments, earlierComments: page.earlier };
  });

  /** The earlier comments of a post, a page at a time (`earlierComments` of view-post). */
  app.get(
    '/app/post/:id/comments',
    { schema: { params: IdParams, querystring: PostCommentsQuery, response: { 200: PostCommentsAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const post = await loadVisiblePost(ctx, user, req.params.id);
      const page = await conversationPage(ctx, user, post, req.query);
      return { comments: page.comments, earlierComments: page.earlier };
    },
  );

  app.get('/app/increase-post-hits/:id', { schema: { params: IdParams, response: { 200: HitsAnswer } } }, async (req) =>
    addHit(ctx, { post: await loadVisiblePost(ctx, requireUser(req), req.params.id) }),
  );

  app.get('/app/post/:id/heart', { schema: { params: IdParams, response: { 200: HeartAnswer } } }, async (req) => {
    const user = requireUser(req);
    return toggleHeart(ctx, { user, post: await loadVisiblePost(ctx, user, req.params.id) });
  });

  app.post(
    '/app/create-comment/:id',
    {
      config: { idempotent: true },
      schema: { params: IdParams, body: CreateCommentRequest, response: { 200: CommentAnswer } },
    },
    async (req) => {
      const user = requireUser(req);
      return addComment(ctx, { user, post: await loadVisiblePost(ctx, user, req.params.id), input: req.body });
    },
  );

  /** The author edits a post's text (others 403). */
  app.post(
    '/app/edit-post/:id',
    { schema: { params: IdParams, body: EditPostRequest, response: { 200: PostAnswer } } },
    async (req) => {
      const user = requireUser(req);
      return editPost(ctx, { user, post: await loadVisiblePost(ctx, user, req.params.id), text: req.body.text });
    },
  );

  /** The author edits a comment's text (others 403). */
  app.post(
    '/app/edit-comment/:id',
    { schema: { params: IdParams, body: EditCommentRequest, response: { 200: CommentAnswer } } },
    async (req) => {
      const user = requireUser(req);
      const comment = await loadVisibleComment(ctx, user, req.params.id);
      return editComment(ctx, { user, comment, text: req.body.commentText });
    },
  );

  app.delete('/app/get-posts/:id', { schema: { params: IdParams, response: { 200: DeletedAnswer } } }, async (req) => {
    const user = requireUser(req);
    const post = await loadPost(ctx, req.params.id);
    authorize(canDeletePost(user, post), () => forbidden('author_only_remove'));
    await deletePost(ctx, { post });
    return { deleted: true as const };
  });
};
