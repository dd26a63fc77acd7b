import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import {
  AdminPostForm,
  AdminPostListQuery,
  type AdminGroupAnswer,
  type AdminGroupRow,
  type AdminPostAnswer,
} from '../../../common/admin/schemas';
import { SaveGroupRequest } from '../../../common/groups/schemas';
import type { Database } from '../../db/client';
import { comments, groups, groupTags, memberships, posts, users, type Group, type Post } from '../../db/schema';
import { badRequest, notFound } from '../../platform/errors';
import { requireAdmin } from '../auth/policy';
import { findGroup as findGroupRow, saveGroup } from '../groups/service';
import { findMediaFile, findPost as findPostRow } from '../posts/service';
import { audit, deleteAudited } from './audit';
import { countCacheOf } from './count-cache';
import { keysetPage, sortKeyColumn, type SortPart } from '../../platform/keyset';
import { IdOrNewParams, IdParams } from '../../../common/params';
import { anyContainsText } from '../../platform/text-search';

const postId: SortPart = { expr: sql`${posts.id}`, type: 'uuid' };
/** A group's posts: newest first by default, or by a count (indexes of migrations 0012 and 0013). */
const POST_SORTS = {
  postedDate: [{ expr: sql`${posts.createdAt}`, type: 'timestamptz' }, postId],
  hits: [{ expr: sql`${posts.hits}`, type: 'int' }, postId],
  hearts: [{ expr: sql`${posts.heartCount}`, type: 'int' }, postId],
  comments: [{ expr: sql`${posts.commentCount}`, type: 'int' }, postId],
} satisfies Record<string, SortPart[]>;

const approvedCount = sql<number>`(select count(*)::int from ${memberships} m where m.group_id = ${groups.id} and m.status = 'approved')`;

/**
 * spec 01 §7 Admin calls for groups and posts: GET admin/group, the Group form on admin/group[/{id}],
 * DELETE admin/group/{id}, GET admin/group/{id}/posts (keyset pages, sorted on the server), the
 * Post form on admin/post/{id} (text, media, the comments' texts), DELETE admin/post/{id} and
 * DELETE admin/comment/{id}.
 * Admins only; every change is written to the audit log in its own transaction.
 */
export const adminGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { db } = ctx;
  const counts = countCacheOf(ctx);

  const findGroup = async (id: string) => {
    const group = await findGroupRow(ctx, id);
    if (!group) throw notFound('Group not found');
    return group;
  };
  const findPost = async (id: string) => {
    const post = await findPostRow(ctx, id);
    if (!post) throw notFound('Post not found');
    return post;
  };

  // ---- groups
  app.get('/admin/group', async (req): Promise<AdminGroupRow[]> => {
    requireAdmin(req);
    const rows = await db
      .select({ _id: groups.id, name: groups.name, ownerId: users.id, ownerName: users.name, members: approvedCount })
      .from(groups)
      .innerJoin(users, eq(users.id, groups.ownerId))
      .orderBy(asc(sql`lower(${groups.name})`), asc(groups.id));
    return rows.map((r) => ({
      _id: r._id,
      name: r.name,
      owner: { _id: r.ownerId, name: r.ownerName },
      members: r.members,
    }));
  });

  async function presentGroup(group: Group): Promise<AdminGroupAnswer> {
    const [owner, tagRows] = await Promise.all([
      db.select({ _id: users.id, name: users.name }).from(users).where(eq(users.id, group.ownerId)),
      db.select({ id: groupTags.tagId }).from(groupTags).where(eq(groupTags.groupId, group.id)),
    ]);
    return {
      _id: group.id,
      name: group.name,
      category: group.category,
      thumbnail: group.thumbnail,
      coverPhoto: group.coverPhoto,
      description: group.description,
      isPrivate: group.isPrivate,
      isHidden: group.isHidden,
      allowAnonymous: group.allowAnonymous,
      tags: tagRows.map((t) => t.id),
      memberCap: group.memberCap,
      owner: owner[0]!,
    };
  }

  app.get('/admin/group/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    return presentGroup(await findGroup(req.params.id));
  });

  const save = async (
    admin: Parameters<typeof audit>[1] & Parameters<typeof saveGroup>[1],
    id: string,
    body: SaveGroupRequest,
  ) => {
    const existing = id === 'new' ? undefined : await findGroup(id);
    const saved = await saveGroup(ctx, admin, body, existing, (tx, group) =>
      audit(tx, admin, {
        action: existing ? 'update' : 'create',
        targetType: 'group',
        targetId: group.id,
        details: { name: group.name },
      }),
    );
    return presentGroup(saved);
  };
  app.post('/admin/group', { schema: { body: SaveGroupRequest } }, async (req) =>
    save(requireAdmin(req), 'new', req.body),
  );
  app.post('/admin/group/:id', { schema: { params: IdOrNewParams, body: SaveGroupRequest } }, async (req) =>
    save(requireAdmin(req), req.params.id, req.body),
  );

  app.delete('/admin/group/:id', { schema: { params: IdParams } }, async (req) => {
    const admin = requireAdmin(req);
    const group = await findGroup(req.params.id);
    // posts, memberships and tags go with it (foreign keys); tiers linked to it keep no group
    await deleteAudited(db, admin, {
      table: groups,
      id: groups.id,
      targetType: 'group',
      targetId: group.id,
      details: { name: group.name, owner: group.ownerId },
    });
    counts.forget();
    return { deleted: true };
  });

  // ---- posts
  app.get('/admin/group/:id/posts', { schema: { params: IdParams, querystring: AdminPostListQuery } }, async (req) => {
    requireAdmin(req);
    const group = await findGroup(req.params.id);
    const query = req.query;
    const sort = POST_SORTS[query.sort ?? 'postedDate'];
    const filter = and(
      eq(posts.groupId, group.id),
      query.search ? anyContainsText([posts.text], query.search) : undefined,
    );
    const page = await keysetPage(
      sort,
      { ...query, dir: query.sort ? query.dir : 'desc' },
      (where, order, limit) =>
        db
          .select({
            _id: posts.id,
            text: posts.text,
            authorId: users.id,
            authorName: users.name,
            createdAt: posts.createdAt,
            hits: posts.hits,
            hearts: posts.heartCount,
            comments: posts.commentCount,
            sortKey: sortKeyColumn(sort),
          })
          .from(posts)
          .innerJoin(users, eq(users.id, posts.userId))
          .where(and(filter, where))
          .orderBy(...order)
          .limit(limit),
      () =>
        counts.count(
          `posts:${group.id}:${query.search ?? ''}`,
          async () => (await db.select({ n: count() }).from(posts).where(filter))[0]!.n,
        ),
    );
    return {
      ...page,
      items: page.items.map(({ authorId, authorName, createdAt, ...p }) => ({
        ...p,
        author: { _id: authorId, name: authorName },
        postedDate: createdAt.toISOString(),
      })),
    };
  });

  async function presentPost(post: Post): Promise<AdminPostAnswer> {
    const [[author], [group], commentRows] = await Promise.all([
      db.select({ _id: users.id, name: users.name }).from(users).where(eq(users.id, post.userId)),
      post.groupId
        ? db.select({ _id: groups.id, name: groups.name }).from(groups).where(eq(groups.id, post.groupId))
        : Promise.resolve([]),
      db
        .select({
          _id: comments.id,
          text: comments.text,
          createdAt: comments.createdAt,
          authorId: users.id,
          authorName: users.name,
          authorUsername: users.username,
        })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(eq(comments.postId, post.id))
        .orderBy(asc(comments.createdAt), asc(comments.id)),
    ]);
    return {
      _id: post.id,
      text: post.text,
      media: post.media,
      mediaType: post.mediaType,
      hits: post.hits,
      hearts: post.heartCount,
      commentCount: commentRows.length,
      comments: commentRows.map((c) => ({
        _id: c._id,
        text: c.text,
        author: { _id: c.authorId, name: c.authorName, username: c.authorUsername },
        postedDate: c.createdAt.toISOString(),
      })),
      author: author!,
      group: group ?? null,
      postedDate: post.createdAt.toISOString(),
    };
  }

  app.get('/admin/post/:id', { schema: { params: IdParams } }, async (req) => {
    requireAdmin(req);
    return presentPost(await findPost(req.params.id));
  });

  app.post('/admin/post/:id', { schema: { params: IdParams, body: AdminPostForm } }, async (req) => {
    const admin = requireAdmin(req);
    const post = await findPost(req.params.id);
    const { text, comments: edits } = req.body;
    const media = req.body.media === undefined ? post.media : req.body.media;
    let mediaType = post.mediaType;
    if (media !== post.media) {
      mediaType = null;
      if (media) mediaType = (await findMediaFile(ctx, media)).fileType;
    }
    if (!text && !media && post.photos.length === 0)
      throw badRequest('Write something or add media', { message: 'Write something or add media' });

    const ids = [...new Set(edits.map((c) => c._id))];
    if (ids.length !== edits.length) throw badRequest('A comment is listed twice.');
    const current = ids.length
      ? await db
          .select({ id: comments.id, text: comments.text })
          .from(comments)
          .where(and(eq(comments.postId, post.id), inArray(comments.id, ids)))
      : [];
    if (current.length !== ids.length)
      throw badRequest('One of the comments is not on this post any more. Reload and try again.');
    const before = new Map(current.map((c) => [c.id, c.text]));
    const changedComments = edits.filter((c) => before.get(c._id) !== c.text);

    await db.transaction(async (tx) => {
      const t = tx;
      await t.update(posts).set({ text, media, mediaType }).where(eq(posts.id, post.id));
      for (const c of changedComments) await t.update(comments).set({ text: c.text }).where(eq(comments.id, c._id));
      const details: Record<string, unknown> = {};
      if (text !== post.text) details.text = { from: post.text, to: text };
      if (media !== post.media) details.media = { from: post.media, to: media };
      if (changedComments.length)
        details.comments = changedComments.map((c) => ({ _id: c._id, from: before.get(c._id), to: c.text }));
      await audit(t, admin, { action: 'update', targetType: 'post', targetId: post.id, details });
    });
    return presentPost(await findPost(post.id));
  });

  /**
   * One comment, without touching the rest of the post (issue 15); its replies go with it (one
   * level of threading). The post's comment count follows by trigger (migration 0013).
   */
  app.delete('/admin/comment/:id', { schema: { params: IdParams } }, async (req) => {
    const admin = requireAdmin(req);
    const [comment] = await db.select().from(comments).where(eq(comments.id, req.params.id)).limit(1);
    if (!comment) throw notFound('Comment not found');
    const [{ replies }] = (await db
      .select({ replies: count() })
      .from(comments)
      .where(eq(comments.parentId, comment.id))) as [{ replies: number }];
    const details = { post: comment.postId, author: comment.userId, text: comment.text.slice(0, 200), replies };
    await deleteAudited(db, admin, {
      table: comments,
      id: comments.id,
      targetType: 'comment',
      targetId: comment.id,
      details,
    });
    counts.forget();
    return { deleted: true };
  });

  app.delete('/admin/post/:id', { schema: { params: IdParams } }, async (req) => {
    const admin = requireAdmin(req);
    const post = await findPost(req.params.id);
    const details = { group: post.groupId, author: post.userId, text: post.text.slice(0, 200) };
    await deleteAudited(db, admin, { table: posts, id: posts.id, targetType: 'post', targetId: post.id, details });
    counts.forget();
    return { deleted: true };
  });
};
