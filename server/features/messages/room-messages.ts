import { sql } from 'drizzle-orm';
import { MESSAGES_PAGE } from '../../../common/messages/schemas';
import { type NamedDatabase, namedRows } from '../../db/named-rows';
import type { messages } from '../../db/schema';
import { cutPage, decode as decodeCursor, type SortPart } from '../../platform/keyset';

type Message = typeof messages.$inferSelect;

/**
 * A room's reads, the chat's hot path: who is in the room, and its messages, as named
 * statements (db/named-rows.ts), the rows already in the shape of `Message`. Newest first, keyset
 * on (created_at, id) through messages_room_created_idx, as keyset.ts' `nextPage` would.
 */
const COLUMNS =
  'id, room_id as "roomId", user_id as "userId", text, created_at as "createdAt", client_key as "clientKey", ' +
  'hidden_at as "hiddenAt"';
const WITH_SORT_KEY = `${COLUMNS}, array[created_at::text, id::text] as sort_key`;
const PARTICIPANTS = {
  name: 'tend_room_participants',
  text: 'select user_id as "userId" from chat_room_users where room_id = $1',
};
const LATEST = {
  name: 'tend_room_latest',
  text: `select ${WITH_SORT_KEY} from messages where room_id = $1 order by created_at desc, id desc limit $2`,
};
const BEFORE = {
  name: 'tend_room_before',
  text: `select ${WITH_SORT_KEY} from messages
    where room_id = $1 and (created_at, id) < (cast($3 as timestamptz), cast($4 as uuid))
    order by created_at desc, id desc limit $2`,
};
const SINCE = {
  name: 'tend_room_since',
  text: `select ${COLUMNS} from messages where room_id = $1 and created_at > cast($3 as timestamptz)
    order by created_at asc, id asc limit $2`,
};
const SINCE_MESSAGE = {
  name: 'tend_room_since_message',
  text: `select ${COLUMNS} from messages
    where room_id = $1 and (created_at, id) > (cast($3 as timestamptz), cast($4 as uuid))
    order by created_at asc, id asc limit $2`,
};
/** What a page cursor holds: the last message's instant and id (the types keyset.ts checks). */
const NEWEST: SortPart[] = [
  { expr: sql`created_at`, type: 'timestamptz' },
  { expr: sql`id`, type: 'uuid' },
];

/** The ids of the two people in a room (none for a room that does not exist). */
export async function roomParticipants(database: NamedDatabase, roomId: string): Promise<string[]> {
  const people = await namedRows<{ userId: string }>(database, PARTICIPANTS, [roomId]);
  return people.map((p) => p.userId);
}

/**
 * A room's messages, oldest first: with `after`, only what came later (a reconnect); otherwise
 * the latest page, or with `cursor` the page of earlier ones before it, and the cursor of the page
 * before that (null at the first message).
 */
export async function roomMessages(
  database: NamedDatabase,
  roomId: string,
  page: { after?: string; afterId?: string; cursor?: string; limit?: number } = {},
): Promise<{ items: Message[]; next: string | null }> {
  const limit = page.limit ?? MESSAGES_PAGE;
  if (page.after) {
    const after = new Date(page.after).toISOString();
    const items = page.afterId
      ? await namedRows<Message>(database, SINCE_MESSAGE, [roomId, limit, after, page.afterId])
      : await namedRows<Message>(database, SINCE, [roomId, limit, after]);
    return { items, next: null };
  }
  type Row = Message & { sort_key: string[] };
  const read = page.cursor
    ? await namedRows<Row>(database, BEFORE, [roomId, limit + 1, ...decodeCursor(page.cursor, NEWEST)])
    : await namedRows<Row>(database, LATEST, [roomId, limit + 1]);
  const { rows, next } = cutPage(read, limit, (row) => row.sort_key);
  return { items: rows.reverse(), next };
}
