import type { FeedAnswer } from '../../../common/posts/schemas';
import { type NamedDatabase, namedRows } from '../../db/named-rows';
import { cutPage, decode as decodeCursor } from '../../platform/keyset';
import { type PresentedPost, presentPost, type Viewer } from './presenter';
import { NEWEST } from './queries';

/**
 * The inspiration feed, the hottest read: its two statements (first page, page after
 * a cursor) as named statements (db/named-rows.ts). The same rows, order and keyset cursor as
 * `feedPage` with `group_id is null`.
 */
const FEED_SELECT = `select p.id, p.user_id as "userId", p.text, p.media, p.media_type as "mediaType", p.photos,
    p.photo_alts as "photoAlts", p.anonymous, p.hits, p.comment_count as "commentCount", p.created_at as "createdAt",
    p.group_id as "groupId", p.edited_at as "editedAt", p.hidden_at as "hiddenAt", u.name, u.profile_picture as "profilePicture",
    u.is_facilitator as "isFacilitator",
    coalesce((select array_agg(h.user_id::text) from post_hearts h where h.post_id = p.id), '{}') as hearts,
    array[p.created_at::text, p.id::text] as sort_key
  from posts p inner join users u on u.id = p.user_id
  where p.group_id is null`;
// hidden posts only for their author ($2) and admins ($3)
const SHOWN = `and (p.hidden_at is null or p.user_id = cast($2 as uuid) or cast($3 as boolean))`;
const FEED_FIRST = {
  name: 'tend_feed_first',
  text: `${FEED_SELECT} ${SHOWN} order by p.created_at desc, p.id desc limit $1`,
};
const FEED_AFTER = {
  name: 'tend_feed_after',
  text: `${FEED_SELECT} ${SHOWN} and (p.created_at, p.id) < (cast($4 as timestamptz), cast($5 as uuid))
  order by p.created_at desc, p.id desc limit $1`,
};
/** A row is the post as `presentPost` reads it (the columns named as Drizzle names them), with its author's columns. */
type FeedRow = PresentedPost & {
  name: string;
  profilePicture: string | null;
  isFacilitator: boolean;
  hearts: string[];
  sort_key: string[];
};
// the row itself is the post: no second object per row
const presentFeedRow = (r: FeedRow, viewer: Viewer) =>
  presentPost(
    {
      post: r,
      author: { id: r.userId, name: r.name, profilePicture: r.profilePicture, isFacilitator: r.isFacilitator },
      hearts: r.hearts,
    },
    viewer,
  );

/** The inspiration feed: posts outside any group, newest first (the keyset cursor of `feedPage`). */
export async function inspirationPage(
  database: NamedDatabase,
  viewer: Viewer,
  cursor: string | undefined,
  limit: number,
): Promise<FeedAnswer> {
  const read = cursor
    ? await namedRows<FeedRow>(database, FEED_AFTER, [
        limit + 1,
        viewer.id,
        viewer.isAdmin,
        ...decodeCursor(cursor, NEWEST),
      ])
    : await namedRows<FeedRow>(database, FEED_FIRST, [limit + 1, viewer.id, viewer.isAdmin]);
  const { rows, next } = cutPage(read, limit, (row) => row.sort_key);
  return { posts: rows.map((row) => presentFeedRow(row, viewer)), next };
}
