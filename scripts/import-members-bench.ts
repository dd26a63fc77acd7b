/**
 * Imports a generated CSV of members (5,000 by default) in one job on an embedded database and
 * prints rows per second and the process's peak resident memory (maxRSS), with the load average.
 *   npx tsx scripts/import-members-bench.ts [rows] [postgres://…]
 */
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { memberImports } from '../server/db/schema';
import { runImport } from '../server/features/member-imports/run-import';
import { generatedCsv } from '../server/features/member-imports/testing/generate';
import { uploadCsv } from '../server/features/member-imports/testing/upload';
import { buildFacilitator, buildTier } from '../server/test/factories';

const rows = Number(process.argv[2] ?? 5000);
const databaseUrl = process.argv[3];
const dir = mkdtempSync(join(tmpdir(), 'tend-import-bench-'));

async function main() {
  const database = await openDatabase(databaseUrl ? { databaseUrl } : {});
  await database.migrate();
  const app = await buildApp(testConfig({ storageDir: join(dir, 'files') }), { database });
  await app.ready();
  const owner = await buildFacilitator(database.db);
  await buildTier(database.db, owner.user.id, { name: 'Gold', price: 20 });
  const imp = (await uploadCsv(app, owner.token, generatedCsv(rows, `bench${Date.now()}`))).json();
  // queued by hand, so the run below is the only one and is timed alone
  await database.db
    .update(memberImports)
    .set({ status: 'queued', columns: ['email', 'name', 'tier'], rowsTotal: rows })
    .where(eq(memberImports.id, imp._id));
  const rssBefore = process.resourceUsage().maxRSS;
  const started = performance.now();
  const result = await runImport(app.ctx, imp._id);
  const seconds = (performance.now() - started) / 1000;
  console.log(`rows: ${rows} (${JSON.stringify(result)}) on ${databaseUrl ? 'PostgreSQL' : 'PGlite'}`);
  console.log(`time: ${seconds.toFixed(1)} s, ${(rows / seconds).toFixed(0)} rows/s`);
  console.log(
    `peak RSS (maxRSS): ${(process.resourceUsage().maxRSS / 1024).toFixed(0)} MB (before the run ${(rssBefore / 1024).toFixed(0)} MB)`,
  );
  console.log(
    `load average: ${loadavg()
      .map((n) => n.toFixed(2))
      .join(', ')}`,
  );
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
