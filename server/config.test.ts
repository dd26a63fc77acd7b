import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError, lockDataDir, processStartTime } from './db/client';

const dataDir = () => mkdtempSync(join(tmpdir(), 'tend-config-'));

describe('loadConfig', () => {
  it('starts with nothing set: port 3000, PGlite in DATA_DIR, the app secret left to the database', () => {
    const dir = dataDir();
    const first = loadConfig({ DATA_DIR: dir });
    expect(first).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
      publicUrl: 'http://localhost:3000',
      dataDir: dir,
    });
    expect(first).toMatchObject({ appSecret: undefined, publicUrlSet: false, metrics: { host: '127.0.0.1' } });
  });

  it.each([
    ['PORT', { PORT: 'abc' }],
    ['DATABASE_URL', { DATABASE_URL: 'mysql://localhost/tend' }],
    ['SMTP_URL', { SMTP_URL: 'http://mail' }],
    ['PLATFORM_FEE_PERCENT', { PLATFORM_FEE_PERCENT: '150' }],
    ['APP_SECRET', { APP_SECRET: 'short' }],
    ['LOG_FORMAT', { LOG_FORMAT: 'xml' }],
    ['METRICS_TOKEN', { METRICS_TOKEN: 'short' }],
    ['METRICS_PORT', { METRICS_PORT: '0' }],
    ['STRIPE_WEBHOOK_SECRET', { STRIPE_SECRET_KEY: 'sk_test_123' }],
    ['IMAGEKIT_PUBLIC_KEY', { IMAGEKIT_PUBLIC_KEY: 'public_x' }],
    ['VAPID_PUBLIC_KEY', { VAPID_PUBLIC_KEY: 'not-a-key' }],
    ['VAPID_PRIVATE_KEY', { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}` }],
    ['VAPID_SUBJECT', { VAPID_SUBJECT: 'http://example.com' }],
  ])('fails fast naming %s', (name, env) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(name);
  });
});

describe('Web Push keys', () => {
  it('takes a VAPID pair and subject from the environment, or leaves the keys to the database', () => {
    const keys = { VAPID_PUBLIC_KEY: `B${'A'.repeat(86)}`, VAPID_PRIVATE_KEY: 'a'.repeat(43) };
    expect(loadConfig({ DATA_DIR: dataDir(), ...keys, VAPID_SUBJECT: 'mailto:ops@example.com' })).toMatchObject({
      vapidKeys: { publicKey: keys.VAPID_PUBLIC_KEY, privateKey: keys.VAPID_PRIVATE_KEY },
      vapidSubject: 'mailto:ops@example.com',
    });
    expect(loadConfig({ DATA_DIR: dataDir() }).vapidKeys).toBeUndefined();
  });
});

describe('the PGlite data directory lock', () => {
  it('refuses a second holder while the first lives, and frees the folder on release', () => {
    const dir = dataDir();
    const release = lockDataDir(dir);
    // a lock held by another live process (our parent stands in for a second server)
    release();
    writeFileSync(join(dir, 'tend.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/already using the data directory/);
  });

  it('takes over a stale lock left by a process that is gone', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'tend.lock'), '999999');
    expect(() => lockDataDir(dir)()).not.toThrow();
  });

  const hasProc = processStartTime(process.pid) !== undefined;
  it.skipIf(!hasProc)('takes over a lock whose pid now belongs to another process (its start time differs)', () => {
    const dir = dataDir();
    // after a crash and a reboot or container restart, the old pid may be an unrelated live process
    writeFileSync(join(dir, 'tend.lock'), `${process.ppid} ${processStartTime(process.ppid)! + 1}`);
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'tend.lock'), 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    release();
  });

  it.skipIf(!hasProc)('refuses a lock whose pid and start time are a live process', () => {
    const dir = dataDir();
    writeFileSync(join(dir, 'tend.lock'), `${process.ppid} ${processStartTime(process.ppid)}`);
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
  });
});
