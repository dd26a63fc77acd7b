import { type ChildProcess, spawn } from 'node:child_process';

/**
 * A stand-in server for the kill tests, run as its own process (`node --import tsx <file>`) with
 * `env` added to the test's environment; `exited` answers its exit code, or the signal that ended
 * it, and `output` what it printed (kept to explain a failure). Every process started is listed
 * in `children`, so afterAll can kill what is left.
 */
export function startWorkerProcess(file: string, env: Record<string, string>, children: ChildProcess[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout!.on('data', (chunk) => (output += chunk));
  child.stderr!.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | string | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, exited, output: () => output };
}
