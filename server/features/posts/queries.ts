import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import { ANONYMOUS_AUTHOR, type CommentAnswer, type PostAnswer } from '../../../common/posts/schemas';
import { comments, postHearts, posts, users } from '../../db/schema';
import type { Database } from '../../db/client';
import { containsText } from '../../platform/text-search';

const author = {
  id: users.id,
  name: users.name,
  profilePicture: users.profilePicture,
  isFacilitator: users.isFacilitator,
};
type Author = { id: string; name: string; profilePicture: string | null; isFacilitator: boolean };
const presentAuthor = (a: Author) => ({
  _id: a.id,
  name: a.name,
  profilePicture: a.profilePicture,
  isFacilitator: a.isFacilitator,
});

/** Who reads: an anonymous post names its author only to that author and to admins. */
export type Viewer = { id: string; isAdmin: boolean };

/** Posts with author, hearts and comment count in one query (hearts by a sub-select on an index; the count is kept on the post). */
export async function selectPosts(
  db: Database,
  viewer: Viewer,
  where: SQL | undefined,
  limit: number,
): Promise<PostAnswer[]> {
  const rows = await db
    .select({
      post: posts,
      author,
      hearts: sql<
        string[]
      >`coalesce((select array_agg(h.user_id::text) from ${postHearts} h where h.post_id = ${posts.id}), '{}')`,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.userId))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
  return rows.map(({ post: p, author: a, hearts }) => ({
    _id: p.id,
    user: p.anonymous && a.id !== viewer.id && !viewer.isAdmin ? { ...ANONYMOUS_AUTHOR } : presentAuthor(a),
    text: p.text,
    media: p.media,
    mediaType: p.mediaType,
    photos: p.photos,
    postedDate: p.createdAt.toISOString(),
    hits: p.hits,
    hearts: hearts ?? [],
    comments: p.commentCount,
    group: p.groupId,
    anonymous: p.anonymous,
    edited: p.editedAt !== null,
  }));
}

/** Keyset cursor: the (created_at, id) of the last post shown, as an opaque string. */
export const encodeCursor = (p: Pick<PostAnswer, 'postedDate' | '_id'>) =>
  Buffer.from(`${p.postedDate}|${p._id}`).toString('base64url');

export function decodeCursor(cursor: string | undefined): SQL | undefined {
  if (!cursor) return undefined;
  const [iso, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const at = new Date(iso ?? '');
  if (Number.isNaN(at.getTime()) || !/^[0-9a-f-]{36}$/.test(id ?? '')) return sql`false`;
  // a row comparison, which PostgreSQL answers as one index range (an OR of the two halves is not)
  return sql`(${posts.createdAt}, ${posts.id}) < (${at.toISOString()}::timestamptz, ${id}::uuid)`;
}

/** One keyset page (newest first) of the posts `where` selects; `next` is null on the last page. */
async function feedPage(
  db: Database,
  viewer: Viewer,
  where: SQL | undefined,
  cursor: string | undefined,
  limit: number,
) {
  const page = await selectPosts(db, viewer, and(where, decodeCursor(cursor)), limit + 1);
  const more = page.length > limit;
  const shown = more ? page.slice(0, limit) : page;
  return { posts: shown, next: more ? encodeCursor(shown[shown.length - 1]!) : null };
}

/** The inspiration feed: posts outside any group, newest first. */
export const inspirationPage = (db: Database, viewer: Viewer, cursor: string | undefined, limit: number) =>
  feedPage(db, viewer, isNull(posts.groupId), cursor, limit);

/** A member's own inspiration posts (the profile's Feed tab), newest first. */
export const authorPostsPage = (
  db: Database,
  viewer: Viewer,
  userId: string,
  cursor: string | undefined,
  limit: number,
) => feedPage(db, viewer, and(isNull(posts.groupId), eq(posts.userId, userId)), cursor, limit);

/** Literal, case-insensitive match on the post text or its author's name (no LIKE wildcards); anonymous posts never match by name. */
const postMatches = (q: string): SQL =>
  sql`(${containsText(posts.text, q)} or (not ${posts.anonymous} and ${containsText(users.name, q)}))`;

/** LIKE pattern matching `q` literally (`%`, `_` and `\` match themselves); PostgreSQL lowers it, as it lowers the text. */
const containsPattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Inspiration posts whose text holds `q` (any case), newest first: `lower(text) like` is what
 * `posts_feed_text_trgm_idx` answers (issue 15). Paged with the feed's keyset cursor.
 */
export const searchInspirationPage = (
  db: Database,
  viewer: Viewer,
  query: { q: string; cursor?: string; limit: number },
) =>
  feedPage(
    db,
    viewer,
    and(isNull(posts.groupId), sql`lower(${posts.text}) like lower(${containsPattern(query.q)})`),
    query.cursor,
    query.limit,
  );

/** A group's discussion, newest first, optionally searched. */
export const groupPostsPage = (
  db: Database,
  viewer: Viewer,
  groupId: string,
  query: { cursor?: string; limit: number; search?: string },
) =>
  feedPage(
    db,
    viewer,
    and(eq(posts.groupId, groupId), query.search ? postMatches(query.search) : undefined),
    query.cursor,
    query.limit,
  );

type CommentRow = typeof comments.$inferSelect;

/**
 * An anonymous post's author stays anonymous in their own comments on it (issue 17 item 13),
 * except to themselves and to admins, as on the post.
 */
export const hiddenAuthor = (post: { anonymous: boolean; userId: string }, authorId: string, viewer: Viewer) =>
  post.anonymous && authorId === post.userId && authorId !== viewer.id && !viewer.isAdmin;

export const presentComment = (c: CommentRow, a: Author, hide = false): CommentAnswer => ({
  _id: c.id,
  user: hide ? { ...ANONYMOUS_AUTHOR } : presentAuthor(a),
  text: c.text,
  postedDate: c.createdAt.toISOString(),
  parent: c.parentId,
  edited: c.editedAt !== null,
});

/** A post's comments, oldest first; replies carry `parent` and the web nests them under it. */
export async function commentsOf(
  db: Database,
  viewer: Viewer,
  post: { id: string; anonymous: boolean; userId: string },
): Promise<CommentAnswer[]> {
  const rows = await db
    .select({ comment: comments, author })
    .from(comments)
    .innerJoin(users, eq(users.id, comments.userId))
    .where(eq(comments.postId, post.id))
    .orderBy(comments.createdAt, comments.id);
  return rows.map(({ comment, author: a }) => presentComment(comment, a, hiddenAuthor(post, a.id, viewer)));
}
