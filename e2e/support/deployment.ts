/**
 * A Tend instance of its own for a journey that deploys a new version under an open app: the
 * compiled server (or the source) on a free port, its own PGlite folder, serving a copy of the
 * built web app that the journey may change between two starts, as a deployment does.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, cpSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, tendCommand } from './nginx-stack';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));

export async function ownDeployment() {
  const dir = mkdtempSync(join(tmpdir(), 'tend-deploy-'));
  const webRoot = join(dir, 'web');
  cpSync(join(root, 'dist', 'web'), webRoot, { recursive: true });
  const port = await freePort();
  const log = join(dir, 'tend.log');
  let child: ChildProcess | undefined;

  const start = async () => {
    const out = openSync(log, 'a');
    child = spawn(process.execPath, tendCommand().args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PAYMENTS_MODE: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: join(dir, 'data'),
        WEB_ROOT: webRoot,
        LOG_LEVEL: 'warn',
        LOG_FORMAT: 'json',
      },
    });
    closeSync(out);
    const started = child;
    for (let tries = 0; ; tries++) {
      if (started.exitCode !== null) throw new Error(`Tend exited:\n${readFileSync(log, 'utf8').slice(-3000)}`);
      if (
        await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (res) => res.ok,
          () => false,
        )
      )
        return;
      if (tries > 300) throw new Error('Tend did not answer /readyz within 60 s');
      await new Promise((done) => setTimeout(done, 200));
    }
  };

  const stop = async () => {
    const running = child;
    if (!running || running.exitCode !== null || running.signalCode !== null) return;
    const exited = new Promise((done) => running.once('exit', done));
    running.kill('SIGTERM');
    await exited;
  };

  await start();
  return {
    /** The address the browser uses (localhost: a secure context, where service workers run). */
    url: `http://localhost:${port}`,
    webRoot,
    /** Stops the server, lets `change` rewrite the built app, and starts the server again on it. */
    async deploy(change: (webRoot: string) => void) {
      await stop();
      change(webRoot);
      await start();
    },
    async close() {
      await stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
