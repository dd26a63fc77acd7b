import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { batchedLogDestination, createLogger } from './logging';

const LOGGING = fileURLToPath(new URL('./logging.ts', import.meta.url));

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function newLogFile() {
  const dir = mkdtempSync(join(tmpdir(), 'tend-log-'));
  dirs.push(dir);
  return join(dir, 'server.log');
}

const FLUSH_MS = 300;

/** A JSON logger on a batched destination writing a new file, once the file is open. */
async function openLog() {
  const file = newLogFile();
  const destination = batchedLogDestination(file, FLUSH_MS);
  await once(destination, 'ready');
  const log = createLogger({ logLevel: 'info', logFormat: 'json' }, destination);
  const written = () =>
    readFileSync(file, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  return { destination, log, written };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('the batched JSON log destination', () => {
  it('holds a few lines back, then writes them all within the flush interval', async () => {
    const { destination, log, written } = await openLog();
    log.info({ url: '/api/app/inspiration' }, 'one');
    log.info('two');
    log.warn('three');
    await sleep(50);
    // under 4 KB: nothing written yet, so not one write call per line
    expect(written()).toEqual([]);
    await sleep(FLUSH_MS + 300);
    expect(written().map((line) => line.msg)).toEqual(['one', 'two', 'three']);
    expect(written()[0]).toMatchObject({ level: 30, url: '/api/app/inspiration' });
    destination.end();
  });

  it('writes as soon as a batch reaches 4 KB, without waiting for the interval', async () => {
    const { destination, log, written } = await openLog();
    for (let i = 0; i < 60; i++) log.info({ i, padding: 'x'.repeat(100) }, `line ${i}`);
    await sleep(100);
    expect(written().map((line) => line.i)).toEqual([...Array(60).keys()]);
    destination.end();
  });

  it('writes what it holds when the process exits', () => {
    const file = newLogFile();
    // a process that logs a line and exits at once, well before the flush interval
    const program = `
      const { batchedLogDestination, createLogger } = await import(${JSON.stringify(LOGGING)});
      const destination = batchedLogDestination(${JSON.stringify(file)});
      destination.on('ready', () => {
        createLogger({ logLevel: 'info', logFormat: 'json' }, destination).error('last words');
        process.exit(0);
      });`;
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', program], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status, run.stderr).toBe(0);
    expect(readFileSync(file, 'utf8')).toContain('"msg":"last words"');
  });
});
