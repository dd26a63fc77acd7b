import { setTimeout as sleep } from 'node:timers/promises';

export { sleep };

/** Polls `probe` until it answers something truthy; fails with `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  timeoutMs = 10_000,
): Promise<NonNullable<T>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const answer = await probe();
    if (answer) return answer;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(50);
  }
}

/**
 * Waits, when needed, until the current minute has at least 15 s left: a '* * * * *' schedule
 * then has one tick for the whole of a short test.
 */
export async function awayFromMinuteEnd() {
  const intoMinute = Date.now() % 60_000;
  if (intoMinute > 45_000) await sleep(60_000 - intoMinute + 500);
}
