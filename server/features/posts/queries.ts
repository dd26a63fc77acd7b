import { and, asc, count, desc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { CommentAnswer, FeedAnswer, PostAnswer } from '../../../common/posts/schemas';
import type { Executor } from '../../db/client';
import { comments, groups, postHearts, posts, users } from '../../db/schema';
import { type KeysetRequest, keysetPage, nextPage, type SortPart, sortKeyColumn } from '../../platform/keyset';
import { anyContainsText, containsPattern, containsText } from '../../platform/text-search';
import { hiddenAuthor, presentComment, presentPost, type Viewer } from './presenter';

export type { Viewer } from './presenter';

const author = {
  id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  isFacilitator: users.isFacilitator,
};

const postColumns = {
  post: posts,
  author,
  hearts: sql<
    string[]
  >`coalesce((select array_agg(h.user_id::text) from ${postHearts} h where h.post_id = ${posts.id}), '{}')`,
};

/** Newest first, the id breaking ties: the feed's keyset order (platform/keyset cursor). */
export const NEWEST: SortPart[] = [
  { expr: sql`${posts.createdAt}`, type: 'timestamptz' },
  { expr: sql`${posts.id}`, type: 'uuid' },
];

/**
 * Posts with author, hearts and comment count in one query (hearts by a sub-select on an index; the
 * count is kept on the post).
 */
export async function selectPosts(
  db: Executor,
  viewer: Viewer,
  where: SQL | undefined,
  limit: number,
): Promise<PostAnswer[]> {
  const rows = await db
    .select(postColumns)
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  return rows.map((row) => presentPost(row, viewer));
}

/**
 * Hidden posts are shown to their author and, with `seesHidden`, to the place's reviewers
 * (moderation policy canSeeHidden).
 */
export const shownPosts = (viewer: Viewer, seesHidden: boolean) =>
  seesHidden ? undefined : or(isNull(posts.hiddenAt), eq(posts.userId, viewer.id));

/** One keyset page (newest first) of the posts `where` selects; `next` is null on the last page. */
async function feedPage(
  db: Executor,
  viewer: Viewer,
  where: SQL | undefined,
  cursor: string | undefined,
  limit: number,
  seesHidden = viewer.isAdmin,
): Promise<FeedAnswer> {
  const page = await nextPage(NEWEST, { cursor, limit, dir: 'desc' }, (after, order, limit) =>
    db
      .select({ ...postColumns, sortKey: sortKeyColumn(NEWEST) })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.userId))
      .where(and(where, shownPosts(viewer, seesHidden), after))
      .orderBy(...order)
      .limit(limit),
  );
  return { posts: page.items.map((row) => presentPost(row, viewer)), next: page.next };
}

/** A member's own inspiration posts (the profile's Feed tab), newest first. */
export const authorPostsPage = (
  db: Executor,
  viewer: Viewer,
  userId: string,
  cursor: string | undefined,
  limit: number,
) => feedPage(db, viewer, and(isNull(posts.groupId), eq(posts.userId, userId)), cursor, limit);

/**
 * Literal, case-insensitive match on the post text or its author's name (no LIKE wildcards);
 * anonymous posts never match by name.
 */
const postMatches = (q: string): SQL =>
  sql`(${containsText(posts.text, q)} or (not ${posts.anonymous} and ${containsText(users.name, q)}))`;

/**
 * Inspiration posts whose text holds `q` (any case), newest first: `lower(text) like` is what
 * `posts_feed_text_trgm_idx` answers. Paged with the feed's keyset cursor.
 */
export const searchInspirationPage = (
  db: Executor,
  viewer: Viewer,
  query: { q: string; cursor?: string; limit: number },
) =>
  feedPage(
    db,
    viewer,
    // PostgreSQL lowers the pattern, as it lowers the text
    and(isNull(posts.groupId), sql`lower(${posts.text}) like lower(${containsPattern(query.q)})`),
    query.cursor,
    query.limit,
  );

/** A group's discussion, newest first, optionally searched. */
export const groupPostsPage = (
  db: Executor,
  viewer: Viewer,
  groupId: string,
  query: { cursor?: string; limit: number; search?: string },
  seesHidden: boolean,
) =>
  feedPage(
    db,
    viewer,
    and(eq(posts.groupId, groupId), query.search ? postMatches(query.search) : undefined),
    query.cursor,
    query.limit,
    seesHidden,
  );

/** Oldest first within a page; pages go back from the newest (platform/keyset cursor). */
const COMMENT_ORDER: SortPart[] = [
  { expr: sql`${comments.createdAt}`, type: 'timestamptz' },
  { expr: sql`${comments.id}`, type: 'uuid' },
];

/**
 * One page of a post's conversation: the `limit` newest top-level comments before `cursor` (the
 * newest when absent), each with all its replies, oldest first; `earlier` is the cursor of the
 * page before, null at the first comment. Paging the top level keeps a reply beside its comment;
 * replies carry `parent` and the web nests them under it.
 */
export async function commentsPage(
  db: Executor,
  viewer: Viewer,
  post: { id: string; anonymous: boolean; userId: string },
  request: { cursor?: string; limit: number },
  seesHidden = viewer.isAdmin,
): Promise<{ comments: CommentAnswer[]; earlier: string | null }> {
  // hidden comments are shown to their author and the place's reviewers (moderation policy canSeeHidden)
  const shown = seesHidden ? undefined : or(isNull(comments.hiddenAt), eq(comments.userId, viewer.id));
  const page = await nextPage(COMMENT_ORDER, { ...request, dir: 'desc' }, (before, order, limit) =>
    db
      .select({ id: comments.id, sortKey: sortKeyColumn(COMMENT_ORDER) })
      .from(comments)
      .where(and(eq(comments.postId, post.id), isNull(comments.parentId), shown, before))
      .orderBy(...order)
      .limit(limit),
  );
  const topIds = page.items.map((row) => row.id);
  const rows = topIds.length
    ? await db
        .select({ comment: comments, author })
        .from(comments)
        .innerJoin(users, eq(users.id, comments.userId))
        .where(
          and(
            eq(comments.postId, post.id),
            shown,
            or(inArray(comments.id, topIds), inArray(comments.parentId, topIds)),
          ),
        )
        .orderBy(comments.createdAt, comments.id)
    : [];
  return {
    comments: rows.map(({ comment, author: a }) => presentComment(comment, a, hiddenAuthor(post, a.id, viewer))),
    earlier: page.next,
  };
}

// ---- admin: a group's posts, the Post form

const adminPostId: SortPart = { expr: sql`${posts.id}`, type: 'uuid' };
/** A group's posts: newest first by default, or by a count (indexes of migrations 0012 and 0013). */
export const ADMIN_POST_SORTS = {
  postedDate: [{ expr: sql`${posts.createdAt}`, type: 'timestamptz' }, adminPostId],
  hits: [{ expr: sql`${posts.hits}`, type: 'int' }, adminPostId],
  hearts: [{ expr: sql`${posts.heartCount}`, type: 'int' }, adminPostId],
  comments: [{ expr: sql`${posts.commentCount}`, type: 'int' }, adminPostId],
} satisfies Record<string, SortPart[]>;

/** One admin table page of a group's posts, searched on the text; `countAll` may answer from a cache. */
export function adminPostsPage(
  db: Executor,
  groupId: string,
  query: KeysetRequest & { sort?: keyof typeof ADMIN_POST_SORTS; search?: string },
  countAll: (key: string, count: () => Promise<number>) => Promise<number>,
) {
  const sort = ADMIN_POST_SORTS[query.sort ?? 'postedDate'];
  const filter = and(
    eq(posts.groupId, groupId),
    query.search ? anyContainsText([posts.text], query.search) : undefined,
  );
  return keysetPage(
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
      countAll(
        `posts:${groupId}:${query.search ?? ''}`,
        async () => (await db.select({ n: count() }).from(posts).where(filter))[0]!.n,
      ),
  );
}

/** What the admin Post form shows beside the post: its author, its group and every comment, oldest first. */
export async function adminPostFacts(db: Executor, post: { userId: string; groupId: string | null; id: string }) {
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
  return { author: author!, group: group ?? null, comments: commentRows };
}
