import { sendJson, startBare } from './bench-bare';

/**
 * The reference a chat room is measured against: a bare
 * `GET /api/app/get-messages/{room}` (the latest page, or `?cursor=` for earlier ones) with Tend's
 * SQL (messages/room-messages.ts roomParticipants, then roomMessages: newest first, keyset on
 * (created_at, id)) as named prepared statements, after Tend's token check and its rule that only
 * the two people in the room read it, writing the same JSON and `next-cursor` header.
 */
const PAGE = 100; // common/messages/schemas.ts MESSAGES_PAGE
const PARTICIPANTS = { name: 'bare_room_participants', text: 'select user_id from chat_room_users where room_id = $1' };
const columns = `m.id, m.room_id, m.user_id, m.text, m.created_at, m.client_key,
  array[m.created_at::text, m.id::text] as sort_key from messages m`;
const LATEST = {
  name: 'bare_room_latest',
  text: `select ${columns} where m.room_id = $1 order by m.created_at desc, m.id desc limit $2`,
};
const BEFORE = {
  name: 'bare_room_before',
  text: `select ${columns} where m.room_id = $1 and (m.created_at, m.id) < ($3::timestamptz, $4::uuid)
    order by m.created_at desc, m.id desc limit $2`,
};

type Row = {
  id: string;
  room_id: string;
  user_id: string;
  text: string;
  created_at: Date;
  client_key: string | null;
  sort_key: string[];
};

export const startBareMessages = (databaseUrl: string) =>
  startBare(databaseUrl, ({ app, pool, viewer }) => {
    app.get('/api/app/get-messages/:room', async (req, reply) => {
      const user = await viewer(req);
      if (!user) return sendJson(reply, { error: 'unauthorized', message: 'Sign in first.' }, 401);
      const room = (req.params as { room: string }).room;
      const people = await pool.query<{ user_id: string }>({ ...PARTICIPANTS, values: [room] });
      if (!people.rows.some((p) => p.user_id === user.id))
        return sendJson(reply, { error: 'chat_not_found', message: 'Not found.' }, 404);
      const cursor = (req.query as { cursor?: string }).cursor;
      const read = cursor
        ? await pool.query<Row>({
            ...BEFORE,
            values: [room, PAGE + 1, ...JSON.parse(Buffer.from(cursor, 'base64url').toString())],
          })
        : await pool.query<Row>({ ...LATEST, values: [room, PAGE + 1] });
      const rows = read.rows.slice(0, PAGE);
      const last = rows.at(-1);
      if (read.rows.length > PAGE && last)
        reply.header('next-cursor', Buffer.from(JSON.stringify(last.sort_key)).toString('base64url'));
      const answer = rows.reverse().map((m) => ({
        _id: m.id,
        room: m.room_id,
        user: m.user_id,
        text: m.text,
        postedDate: m.created_at.toISOString(),
        clientKey: m.client_key,
      }));
      return sendJson(reply, answer);
    });
  });
