import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(__dirname, '..');
const startProd: string = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).scripts['start:prod'];

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('npm run start:prod', () => {
  it("runs the server as npm's own child, so a SIGTERM to npm reaches it and nothing is left running", async () => {
    // the same script line, with a stand-in for the compiled server that records the signal
    const dir = mkdtempSync(join(tmpdir(), 'tend-start-prod-'));
    const server = 'dist/server/main.js';
    expect(startProd).toContain(server);
    const marker = join(dir, 'got-sigterm');
    writeFileSync(
      join(dir, 'stand-in.cjs'),
      `process.on('SIGTERM', () => { require('fs').writeFileSync(${JSON.stringify(marker)}, String(process.pid)); process.exit(0); });
       require('fs').writeFileSync(${JSON.stringify(join(dir, 'pid'))}, String(process.pid));
       setInterval(() => {}, 1000);`,
    );
    const scripts = { 'start:prod': startProd.replace(server, 'stand-in.cjs') };
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'stand-in', version: '1.0.0', scripts }));

    const npm = spawn('npm', ['run', '--silent', 'start:prod'], { cwd: dir, stdio: 'ignore' });
    for (let i = 0; i < 100 && !existsSync(join(dir, 'pid')); i++) await sleep(100);
    const pid = Number(readFileSync(join(dir, 'pid'), 'utf8'));
    npm.kill('SIGTERM');
    await new Promise((done) => npm.once('exit', done));
    for (let i = 0; i < 50 && !existsSync(marker); i++) await sleep(100);

    const stillRunning = (() => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    })();
    if (stillRunning) process.kill(pid, 'SIGKILL');
    expect(existsSync(marker)).toBe(true);
    expect(stillRunning).toBe(false);
  });
});
