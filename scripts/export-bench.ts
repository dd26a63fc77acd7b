/**
 * Seeds a large business (members, subscriptions, revenue, posts and comments, stored files) and
 * writes its export archive, printing the time, the archive's size and the process's peak memory
 * before and after: the archive is streamed, so the peak should not grow with the business.
 *   npx tsx scripts/export-bench.ts [members] [posts]
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { openDatabase, selectRows } from '../server/db/client';
import { writeArchive } from '../server/features/exports/archive';
import { localStorage } from '../server/platform/storage';

const members = Number(process.argv[2] ?? 5000);
const postCount = Number(process.argv[3] ?? 10000);
const FILES = 20;
const FILE_MB = 2;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const peakRss = () => process.resourceUsage().maxRSS * 1024;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tend-export-bench-'));
  const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
  await database.migrate();
  const { db } = database;
  const storage = localStorage(join(dir, 'files'));
  const seeding = Date.now();
  const [f] = await selectRows<{ id: string }>(
    db,
    sql`insert into users (name, username, email, password_hash, is_facilitator)
      values ('Bench Facilitator', ${`bench_${randomBytes(3).toString('hex')}`}, ${`bench_${randomBytes(3).toString('hex')}@example.test`}, 'x', true) returning id`,
  );
  const fid = f!.id;
  await db.execute(
    sql`insert into tiers (user_id, name, type, price_cents, published) values (${fid}, 'Bench Plan', 'subscription', 1200, true)`,
  );
  await db.execute(sql`insert into groups (owner_id, name) values (${fid}, 'Bench Circle')`);
  const [g] = await selectRows<{ id: string }>(db, sql`select id from groups where owner_id = ${fid}`);
  // in batches: each statement stays well within the database's statement timeout
  const BATCH = 500;
  for (let from = 1; from <= members; from += BATCH) {
    const to = Math.min(members, from + BATCH - 1);
    await db.execute(sql`with u as (
        insert into users (name, username, email, password_hash)
        select 'Member ' || i, 'bm_' || i || '_' || ${fid}::text, 'bm_' || i || '_' || ${fid}::text || '@example.test', 'x'
        from generate_series(${from}::int, ${to}::int) i returning id),
      s as (insert into subscriptions (user_id, tier_id, start_date, provider, provider_subscription_id, status, price_cents)
        select u.id, t.id, current_date, 'stripe', 'sub_' || u.id, 'active', 1200 from u, tiers t where t.user_id = ${fid}
        returning id, user_id, tier_id),
      r as (insert into revenue_entries (facilitator_id, tier_id, tier_name, amount_cents, occurred_at, source_id, member_id)
        select ${fid}, s.tier_id, 'Bench Plan', 1200, now(), 'in_' || s.id, s.user_id from s)
      insert into memberships (group_id, user_id, status) select ${g!.id}, u.id, 'approved' from u`);
  }
  for (let from = 1; from <= postCount; from += BATCH) {
    const to = Math.min(postCount, from + BATCH - 1);
    await db.execute(sql`with m as (
        select user_id, row_number() over (order by user_id) as rn from memberships where group_id = ${g!.id}),
      p as (insert into posts (user_id, group_id, text, heart_count)
        select m.user_id, ${g!.id}, repeat('A calm sentence. ', 12) || i, i % 7
        from generate_series(${from}::int, ${to}::int) i join m on m.rn = 1 + i % ${members}::int returning id, user_id)
      insert into comments (post_id, user_id, text) select p.id, p.user_id, 'Thank you for this, ' || p.id from p`);
  }
  for (let i = 0; i < FILES; i++) {
    const key = `${crypto.randomUUID()}.mp3`;
    await storage.put(`media/${key}`, Readable.from([randomBytes(FILE_MB * 1024 * 1024)]), 'audio/mpeg');
    await db.execute(
      sql`insert into media_files (key, owner_id, content_type, file_type, size) values (${key}, ${fid}, 'audio/mpeg', 'audio', ${FILE_MB * 1024 * 1024})`,
    );
  }
  console.log(
    `seeded ${members} members, ${postCount} posts + ${postCount} comments, ${FILES} files of ${FILE_MB} MB in ${((Date.now() - seeding) / 1000).toFixed(1)} s`,
  );

  global.gc?.();
  const before = peakRss();
  const rssBefore = process.memoryUsage().rss;
  const started = Date.now();
  const { size, manifest } = await writeArchive({
    db,
    storage,
    scope: { kind: 'business', facilitatorId: fid },
    key: 'exports/bench.zip',
  });
  const seconds = (Date.now() - started) / 1000;
  console.log(`export: ${seconds.toFixed(1)} s, archive ${mb(size)}`);
  console.log(`rows: ${JSON.stringify(manifest.counts)}`);
  console.log(`RSS before the export ${mb(rssBefore)}; peak RSS (maxRSS) before ${mb(before)}, after ${mb(peakRss())}`);
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
