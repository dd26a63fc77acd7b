import { adminQuery, withDatabase } from '../test/database';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import * as tar from 'tar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type Config } from '../config';
import { buildFacilitator, buildUser, TEST_PASSWORD } from '../test/factories';
import { call } from '../test/harness';
import { multipart, wavTone } from '../test/media';
import { createBackup } from './backup';
import { restoreBackup } from './restore';

/**
 * Backup then restore on the engine of the run: PGlite in temp DATA_DIRs, or (TEST_DB=postgres)
 * fresh databases on TEST_DATABASE_URL. The restored app must serve the same users, posts and media.
 */
const serverUrl = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
const engine = serverUrl ? 'postgres' : 'pglite';
const cleanups: (() => Promise<void>)[] = [];

/** An empty target: a new DATA_DIR (its files and, on PGlite, its database) and a new PostgreSQL database. */
async function freshTarget(): Promise<Config> {
  const dataDir = mkdtempSync(join(tmpdir(), 'tend-backup-test-'));
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
  let databaseUrl: string | undefined;
  if (serverUrl) {
    const name = `tend_test_${randomBytes(6).toString('hex')}`;
    await adminQuery(serverUrl, `create database ${name}`);
    cleanups.push(() => adminQuery(serverUrl, `drop database if exists ${name} with (force)`));
    databaseUrl = withDatabase(serverUrl, name);
  }
  const env = {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  };
  return { ...loadConfig(env), serveWeb: false };
}

async function uploadMedia(app: FastifyInstance, token: string, bytes: Buffer) {
  const body = await multipart({}, { name: 'practice.wav', bytes });
  const res = await app.inject({
    method: 'POST',
    url: '/api/app/upload',
    headers: { ...body.headers, authorization: `Bearer ${token}` },
    payload: body.payload,
  });
  expect(res.statusCode).toBe(200);
  return res.json().url as string;
}

const sound = wavTone(0.5);
const LEGACY_SECRET = 'legacy-secret-legacy-secret-legacy-secret';
let source: Config;
let backupFile: string;
let before: {
  facilitator: { id: string; email: string; token: string };
  member: { id: string; token: string };
  postId: string;
  post: unknown;
  mediaKey: string;
  signedUrl: string;
};

beforeAll(async () => {
  source = await freshTarget();
  const app = await buildApp(source);
  try {
    const facilitator = await buildFacilitator(app.ctx.db);
    const member = await buildUser(app.ctx.db);
    const mediaKey = await uploadMedia(app, facilitator.token, sound);
    const created = await call(
      app,
      'POST',
      '/api/app/post',
      { text: 'Morning stillness, kept safe', media: mediaKey },
      facilitator.token,
    );
    expect(created.statusCode).toBe(200);
    const postId = created.json()._id as string;
    const view = await call(app, 'GET', `/api/app/view-post/${postId}`, undefined, member.token);
    expect(view.statusCode).toBe(200);
    const signed = await call(app, 'GET', `/api/app/get-signed-url/${mediaKey}`, undefined, member.token);
    expect(signed.statusCode).toBe(200);
    before = {
      facilitator: { id: facilitator.user.id, email: facilitator.user.email, token: facilitator.token },
      member: { id: member.user.id, token: member.token },
      postId,
      post: view.json().post,
      mediaKey,
      signedUrl: signed.json().signedUrl,
    };
  } finally {
    await app.close();
  }
  // an app secret an earlier version generated into DATA_DIR travels too (PGlite)
  if (engine === 'pglite') writeFileSync(join(source.dataDir, 'app-secret'), LEGACY_SECRET);
  const out = mkdtempSync(join(tmpdir(), 'tend-backups-'));
  cleanups.push(async () => rmSync(out, { recursive: true, force: true }));
  const result = await createBackup({ config: source, out });
  backupFile = result.file;
}, 60_000);

afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe(`backup and restore (${engine})`, () => {
  it('writes one archive: manifest, the database, and every uploaded file', async () => {
    expect(backupFile).toMatch(/tend-backup-\d{8}-\d{6}\.tar\.gz$/);
    const entries: string[] = [];
    await tar.list({ file: backupFile, onReadEntry: (e) => void entries.push(e.path) });
    expect(entries[0]).toBe('manifest.json');
    expect(entries).toContain(engine === 'postgres' ? 'database.sql' : 'pglite-datadir.tar.gz');
    expect(entries).toContain(`files/media/${before.mediaKey}`);
  });

  it('restores into a fresh target; the restored app serves the same users, posts and media', async () => {
    const target = await freshTarget();
    const result = await restoreBackup({ config: target, file: backupFile });
    expect(result.engine).toBe(engine);
    expect(result.counts).toMatchObject({ users: 2, posts: 1, mediaFiles: 1 });
    expect(result.files).toBe(1);
    expect(result.manifest.migrations.length).toBeGreaterThan(10);
    if (engine === 'pglite') expect(readFileSync(join(target.dataDir, 'app-secret'), 'utf8')).toBe(LEGACY_SECRET);

    const app = await buildApp(target);
    try {
      // sessions, passwords and the app secret travelled with the database
      const me = await call(app, 'GET', '/api/auth/whoami', undefined, before.facilitator.token);
      expect(me.json()).toMatchObject({ isLoggedIn: true, _id: before.facilitator.id });
      const login = await call(app, 'POST', '/api/auth/login', {
        user: { email: before.facilitator.email, password: TEST_PASSWORD },
      });
      expect(login.statusCode).toBe(200);

      const view = await call(app, 'GET', `/api/app/view-post/${before.postId}`, undefined, before.member.token);
      expect(view.statusCode).toBe(200);
      expect(view.json().post).toEqual(before.post);

      const signed = await call(
        app,
        'GET',
        `/api/app/get-signed-url/${before.mediaKey}`,
        undefined,
        before.member.token,
      );
      expect(signed.statusCode).toBe(200);
      const media = await app.inject({ method: 'GET', url: signed.json().signedUrl });
      expect(media.statusCode).toBe(200);
      expect(media.rawPayload.equals(sound)).toBe(true);
      // a URL signed before the backup still verifies: same secret
      const old = await app.inject({ method: 'GET', url: before.signedUrl });
      expect(old.statusCode).toBe(200);
      expect(old.rawPayload.equals(sound)).toBe(true);
    } finally {
      await app.close();
    }

    // the target now has users and files: a second restore needs --force
    await expect(restoreBackup({ config: target, file: backupFile })).rejects.toThrow(/not empty.*--force/);
    const again = await restoreBackup({ config: target, file: backupFile, force: true });
    expect(again.counts.users).toBe(2);
    expect(again.files).toBe(1);
    expect(again.movedAside.some((p) => p.startsWith(`${target.storageDir}.replaced-`))).toBe(true);
    if (engine === 'pglite')
      expect(readdirSync(target.dataDir).some((n) => n.startsWith('pglite.replaced-'))).toBe(true);
  }, 60_000);

  it('refuses a corrupt, truncated or foreign file with a clear message', async () => {
    const target = await freshTarget();
    const dir = mkdtempSync(join(tmpdir(), 'tend-not-backups-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));

    const garbage = join(dir, 'garbage.tar.gz');
    writeFileSync(garbage, randomBytes(4096));
    await expect(restoreBackup({ config: target, file: garbage })).rejects.toThrow(
      /is not a Tend backup, or it is damaged/,
    );

    const whole = readFileSync(backupFile);
    const truncated = join(dir, 'truncated.tar.gz');
    writeFileSync(truncated, whole.subarray(0, Math.floor(whole.length / 2)));
    await expect(restoreBackup({ config: target, file: truncated })).rejects.toThrow(
      /is not a Tend backup, or it is damaged/,
    );

    writeFileSync(join(dir, 'notes.txt'), 'not a backup');
    const foreign = join(dir, 'foreign.tar.gz');
    await tar.create({ file: foreign, cwd: dir, gzip: true }, ['notes.txt']);
    await expect(restoreBackup({ config: target, file: foreign })).rejects.toThrow(/not a Tend backup.*manifest\.json/);

    await expect(restoreBackup({ config: target, file: join(dir, 'missing.tar.gz') })).rejects.toThrow(/No such file/);
    // nothing was written into the target
    expect(existsSync(join(target.dataDir, 'pglite'))).toBe(false);
  });

  /** The backup with its manifest changed, and an empty dump of the engine it then names. */
  async function alteredBackup(change: (manifest: Record<string, any>) => Record<string, any>) {
    const dir = mkdtempSync(join(tmpdir(), 'tend-altered-'));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    await tar.extract({ file: backupFile, cwd: dir, filter: (p) => p === 'manifest.json' });
    const manifest = change(JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')));
    writeFileSync(join(dir, 'manifest.json'), JSON.stringify(manifest));
    const dump = manifest.engine === 'postgres' ? 'database.sql' : 'pglite-datadir.tar.gz';
    writeFileSync(join(dir, dump), '');
    const file = join(dir, 'altered.tar.gz');
    await tar.create({ file, cwd: dir, gzip: true }, ['manifest.json', dump]);
    return file;
  }

  it('refuses a backup of the other engine, and one made by a newer Tend', async () => {
    const target = await freshTarget();
    const other = await alteredBackup((m) => ({ ...m, engine: engine === 'pglite' ? 'postgres' : 'pglite' }));
    await expect(restoreBackup({ config: target, file: other })).rejects.toThrow(/restores into the same engine only/);
    const newer = await alteredBackup((m) => ({
      ...m,
      tendVersion: '9.0.0',
      migrations: [...m.migrations, { tag: '9999_future', createdAt: m.migrations.at(-1).createdAt + 1, hash: 'x' }],
    }));
    await expect(restoreBackup({ config: target, file: newer })).rejects.toThrow(
      /newer Tend \(9\.0\.0\).*Upgrade this installation first/,
    );
  });

  it.runIf(engine === 'pglite')('on PGlite, refuses while a server holds the data directory', async () => {
    // a server in another process: its pid in the lock file (db/client.ts lockDataDir)
    const lock = join(source.dataDir, 'tend.lock');
    writeFileSync(lock, String(process.ppid));
    try {
      await expect(createBackup({ config: source, out: join(tmpdir(), 'never') })).rejects.toThrow(
        /A Tend server \(pid \d+\) is running .* Stop the server first, or back up from PostgreSQL/,
      );
    } finally {
      rmSync(lock, { force: true });
    }
  });
});
