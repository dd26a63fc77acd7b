import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from './client';

/**
 * The migration that gave sessions places moves each session's booker and open checkout hold
 * into session_bookings before their columns are dropped: run every migration before it on an
 * empty PGlite, write sessions the old way, then run it.
 */
const files = readdirSync(migrationsFolder)
  .filter((f) => f.endsWith('.sql'))
  .sort();
const seats = files.findIndex((f) => f.endsWith('_session_seats.sql'));
const run = async (db: PGlite, file: string) => {
  for (const statement of readFileSync(join(migrationsFolder, file), 'utf8').split('--> statement-breakpoint'))
    if (statement.trim()) await db.exec(statement);
};

let db: PGlite;
beforeAll(async () => {
  db = new PGlite({ extensions: { pg_trgm } });
  for (const file of files.slice(0, seats)) await run(db, file);
});
afterAll(() => db.close());

describe('the session seats migration', () => {
  it("turns booked_by into a booked row and an unbooked session's hold into a held row", async () => {
    await db.exec(`
      insert into users (id, email, username, name, password_hash) values
        ('00000000-0000-4000-8000-00000000000f', 'maya@example.test', 'maya', 'Maya', 'x'),
        ('00000000-0000-4000-8000-00000000000a', 'sam@example.test', 'sam', 'Sam', 'x'),
        ('00000000-0000-4000-8000-00000000000b', 'ann@example.test', 'ann', 'Ann', 'x');
      insert into sessions (id, facilitator_id, name, start_time, end_time, meeting_url,
          booked_by, booked_at, payment_id, held_by, held_until) values
        ('00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-00000000000f', 'Booked',
          now() + interval '2 days', now() + interval '50 hours', 'https://m.example/1',
          '00000000-0000-4000-8000-00000000000a', '2026-01-01T10:00:00Z', 'pi_1', null, null),
        ('00000000-0000-4000-8000-000000000002', '00000000-0000-4000-8000-00000000000f', 'Held',
          now() + interval '2 days', now() + interval '50 hours', 'https://m.example/2',
          null, null, null, '00000000-0000-4000-8000-00000000000b', now() + interval '10 minutes'),
        ('00000000-0000-4000-8000-000000000003', '00000000-0000-4000-8000-00000000000f', 'Open',
          now() + interval '2 days', now() + interval '50 hours', 'https://m.example/3',
          null, null, null, null, null);
    `);
    await run(db, files[seats]!);
    const { rows } = await db.query<{ name: string; member: string; status: string; payment_id: string | null }>(`
      select s.name, u.name as member, b.status, b.payment_id, s.capacity, s.cancellation_hours
      from session_bookings b join sessions s on s.id = b.session_id join users u on u.id = b.member_id
      order by s.name`);
    expect(rows).toEqual([
      { name: 'Booked', member: 'Sam', status: 'booked', payment_id: 'pi_1', capacity: 1, cancellation_hours: 24 },
      { name: 'Held', member: 'Ann', status: 'held', payment_id: null, capacity: 1, cancellation_hours: 24 },
    ]);
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'sessions' and column_name like '%_by'`,
    );
    expect(columns.rows).toEqual([]);
  });
});
