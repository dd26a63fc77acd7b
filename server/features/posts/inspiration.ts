import type { FeedAnswer } from '../../../common/posts/schemas';
import type { DatabaseHandle } from '../../db/client';
import type { Post } from '../../db/schema';
import { decode as decodeCursor, encode as encodeCursor } from '../../platform/keyset';
import { presentPost, type Viewer } from './presenter';
import { NEWEST } from './queries';

/**
 * The inspiration feed, the hottest read (issue 19): its two statements (first page, page after
 * a cursor) as plain SQL sent by name, so PostgreSQL parses and plans each once per connection,
 * and rows read as node-postgres and PGlite type them (no query builder per request, no row
 * mapping). The same rows, order and keyset cursor as `feedPage` with `group_id is null`.
 */
const FEED_SELECT = `select p.id, p.user_id, p.text, p.media, p.media_type, p.photos, p.photo_alts, p.anonymous,
    p.hits, p.comment_count, p.created_at, p.group_id, p.edited_at, u.name, u.profile_picture, u.is_facilitator,
    coalesce((select array_agg(h.user_id::text) from post_hearts h where h.post_id = p.id), '{}') as hearts,
    array[p.created_at::text, p.id::text] as sort_key
  from posts p inner join users u on u.id = p.user_id
  where p.group_id is null`;
const FEED_FIRST = {
  name: 'tend_feed_first',
  text: `${FEED_SELECT} order by p.created_at desc, p.id desc limit $1`,
};
const FEED_AFTER = {
  name: 'tend_feed_after',
  text: `${FEED_SELECT} and (p.created_at, p.id) < (cast($2 as timestamptz), cast($3 as uuid))
  order by p.created_at desc, p.id desc limit $1`,
};
type FeedRow = Pick<Post, 'id' | 'text' | 'media' | 'photos' | 'anonymous' | 'hits'> & {
  user_id: string;
  media_type: Post['mediaType'];
  photo_alts: string[];
  comment_count: number;
  created_at: Date;
  group_id: string | null;
  edited_at: Date | null;
  name: string;
  profile_picture: string | null;
  is_facilitator: boolean;
  hearts: string[];
  sort_key: string[];
};
/** Sends a statement by name on PostgreSQL (planned once per connection); PGlite has no names. */
async function namedRows<Row>(database: FeedDatabase, q: { name: string; text: string }, values: unknown[]) {
  if (database.pool) return (await database.pool.query({ ...q, values })).rows as Row[];
  return (await database.pglite!.query(q.text, values)).rows as Row[];
}

/** The database's own clients: the feed is read outside any transaction. */
type FeedDatabase = Pick<DatabaseHandle, 'pool' | 'pglite'>;

const presentFeedRow = (r: FeedRow, viewer: Viewer) =>
  presentPost(
    {
      post: {
        id: r.id,
        userId: r.user_id,
        text: r.text,
        media: r.media,
        mediaType: r.media_type,
        photos: r.photos,
        photoAlts: r.photo_alts,
        anonymous: r.anonymous,
        hits: r.hits,
        commentCount: r.comment_count,
        createdAt: r.created_at,
        groupId: r.group_id,
        editedAt: r.edited_at,
      } as Post,
      author: { id: r.user_id, name: r.name, profilePicture: r.profile_picture, isFacilitator: r.is_facilitator },
      hearts: r.hearts,
    },
    viewer,
  );

/** The inspiration feed: posts outside any group, newest first (the keyset cursor of `feedPage`). */
export async function inspirationPage(
  database: FeedDatabase,
  viewer: Viewer,
  cursor: string | undefined,
  limit: number,
): Promise<FeedAnswer> {
  const read = cursor
    ? await namedRows<FeedRow>(database, FEED_AFTER, [limit + 1, ...decodeCursor(cursor, NEWEST)])
    : await namedRows<FeedRow>(database, FEED_FIRST, [limit + 1]);
  const rows = read.slice(0, limit);
  const last = rows.at(-1);
  return {
    posts: rows.map((row) => presentFeedRow(row, viewer)),
    next: read.length > limit && last ? encodeCursor(last.sort_key) : null,
  };
}
