import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The reference the feed is measured against: a bare Fastify 5 + node-postgres
 * `GET /api/app/inspiration` with the same SQL as Tend (the session check, then the page with its
 * hearts sub-select), sent as named prepared statements, writing the same JSON bytes by hand. No
 * plugins, no logging, no schema. Only the first page and `?cursor=` (limit 20) are served.
 */
const SESSION = {
  name: 'bare_session',
  text: `select u.id, u.is_admin, s.expires_at, s.created_at, s.last_seen_at
    from auth_sessions s inner join users u on u.id = s.user_id
    where s.token_hash = $1 and s.expires_at > now() and s.created_at > now() - make_interval(days => $2)
    limit 1`,
};
const columns = `p.id, p.user_id, p.text, p.media, p.media_type, p.photos, p.photo_alts, p.anonymous, p.hits,
    p.comment_count, p.created_at, p.group_id, p.edited_at is not null as edited,
    u.name, u.profile_picture, u.is_facilitator,
    coalesce((select array_agg(h.user_id::text) from post_hearts h where h.post_id = p.id), '{}') as hearts,
    array[p.created_at::text, p.id::text] as sort_key
  from posts p inner join users u on u.id = p.user_id`;
const FIRST = {
  name: 'bare_feed_first',
  text: `select ${columns} where p.group_id is null order by p.created_at desc, p.id desc limit $1`,
};
const AFTER = {
  name: 'bare_feed_after',
  text: `select ${columns} where p.group_id is null and (p.created_at, p.id) < ($2::timestamptz, $3::uuid)
    order by p.created_at desc, p.id desc limit $1`,
};

type Row = {
  id: string;
  user_id: string;
  text: string;
  media: string | null;
  media_type: string | null;
  photos: string[];
  photo_alts: string[];
  anonymous: boolean;
  hits: number;
  comment_count: number;
  created_at: Date;
  group_id: string | null;
  edited: boolean;
  name: string;
  profile_picture: string | null;
  is_facilitator: boolean;
  hearts: string[];
  sort_key: string[];
};

const ANONYMOUS = { _id: 'anonymous', name: 'Anonymous member', profilePicture: null, isFacilitator: false };

export async function startBareFeed(databaseUrl: string, maxDays = 90) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10, idleTimeoutMillis: 0 });
  const app = Fastify({ logger: false });
  app.get('/api/app/inspiration', async (req, reply) => {
    const header = req.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : '';
    const tokenHash = createHash('sha256').update(token).digest('base64url');
    const session = await pool.query({ ...SESSION, values: [tokenHash, maxDays] });
    const viewer = session.rows[0] as { id: string; is_admin: boolean } | undefined;
    if (!viewer) return reply.code(401).send({ error: 'unauthorized' });
    const cursor = (req.query as { cursor?: string }).cursor;
    const limit = 20;
    const read = cursor
      ? await pool.query<Row>({
          ...AFTER,
          values: [limit + 1, ...JSON.parse(Buffer.from(cursor, 'base64url').toString())],
        })
      : await pool.query<Row>({ ...FIRST, values: [limit + 1] });
    const rows = read.rows.slice(0, limit);
    const posts = rows.map((p) => ({
      _id: p.id,
      user:
        p.anonymous && p.user_id !== viewer.id && !viewer.is_admin
          ? { ...ANONYMOUS }
          : { _id: p.user_id, name: p.name, profilePicture: p.profile_picture, isFacilitator: p.is_facilitator },
      text: p.text,
      media: p.media,
      mediaType: p.media_type,
      photos: p.photos,
      photoAlts: p.photos.map((_, i) => p.photo_alts[i] ?? ''),
      postedDate: p.created_at.toISOString(),
      hits: p.hits,
      hearts: p.hearts,
      comments: p.comment_count,
      group: p.group_id,
      anonymous: p.anonymous,
      edited: p.edited,
    }));
    const last = rows.at(-1);
    const next =
      read.rows.length > limit && last ? Buffer.from(JSON.stringify(last.sort_key)).toString('base64url') : null;
    reply.header('content-type', 'application/json; charset=utf-8');
    return JSON.stringify({ posts, next });
  });
  app.addHook('onClose', () => pool.end());
  await app.listen({ port: 0, host: '127.0.0.1' });
  return app;
}
