/**
 * Uploads a 50 MB video through real HTTP (curl in another process) and prints the server's
 * resident memory before, at peak and after: the upload is streamed to storage, so the peak
 * should stay far below the file size.   npx tsx scripts/bench-upload-memory.ts [MB]
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../server/app';
import { testConfig } from '../server/config';
import { openDatabase } from '../server/db/client';
import { buildFacilitator } from '../server/test/factories';

const run = promisify(execFile);
const megabytes = Number(process.argv[2] ?? 50);
const dir = mkdtempSync(join(tmpdir(), 'tend-bench-'));
const video = join(dir, 'practice.mp4');

/** An MP4 container header (ftyp) followed by `megabytes` of payload in an mdat box. */
function writeVideo() {
  const fd = openSync(video, 'w');
  const ftyp = Buffer.from('000000206674797069736f6d0000020069736f6d69736f326176633168766331', 'hex');
  writeSync(fd, ftyp);
  const size = megabytes * 1024 * 1024;
  const mdat = Buffer.alloc(8);
  mdat.writeUInt32BE(size + 8, 0);
  mdat.write('mdat', 4);
  writeSync(fd, mdat);
  const chunk = Buffer.alloc(1024 * 1024, 7);
  for (let i = 0; i < megabytes; i++) writeSync(fd, chunk);
  closeSync(fd);
}

async function main() {
  writeVideo();
  const database = await openDatabase({});
  await database.migrate();
  const app = await buildApp(testConfig({ storageDir: join(dir, 'files') }), { database });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const { token } = await buildFacilitator(database.db);

  global.gc?.();
  const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);

  const started = Date.now();
  // curl runs in its own process, so only the server's memory is measured here
  const { stdout } = await run('curl', [
    '-s',
    '-H',
    `Authorization: Bearer ${token}`,
    '-F',
    `file=@${video}`,
    `http://127.0.0.1:${port}/api/app/upload`,
  ]);
  const seconds = (Date.now() - started) / 1000;
  clearInterval(sampler);
  await app.close();
  await database.close();
  rmSync(dir, { recursive: true, force: true });
  const after = process.memoryUsage().rss;
  console.log(`uploaded ${megabytes} MB in ${seconds.toFixed(2)} s -> ${stdout}`);
  console.log(`server RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}), after ${mb(after)}`);
  console.log(`peak growth / file size = ${((peak - before) / (megabytes * 1024 * 1024)).toFixed(2)}`);
}

main();
