import { describe, expect, it } from 'vitest';
import type { MemberStorage } from '@web/api/member-data';
import { createPracticeQueue, type QueuedWrite, type SendOutcome } from './practice-queue';

/** Values kept the way MemberStorage keeps them (read and changed whole). */
function storage(): MemberStorage {
  const values = new Map<string, unknown>();
  return {
    read: async <T>(key: string) => structuredClone(values.get(key)) as T | undefined,
    change: async <T>(key: string, update: (value: T | undefined) => T) => {
      const next = update(structuredClone(values.get(key)) as T | undefined);
      values.set(key, structuredClone(next));
      return next;
    },
    clear: async () => values.clear(),
  };
}

/**
 * The server as the queue meets it: each key is written once (a second request with a key it
 * has seen answers the first result: server/platform/idempotency.ts), done and favourite are set
 * to the value sent, journal entries are added. It can refuse items, fail, or lose its answers.
 */
function server() {
  const done = new Map<string, boolean>();
  const journal: string[] = [];
  const answered = new Map<string, unknown>();
  const writes: string[] = [];
  const requests: string[] = [];
  let mode: 'up' | 'offline' | 'down' | 'loses answers' = 'up';
  const gone = new Set<string>();

  async function send(write: QueuedWrite): Promise<SendOutcome> {
    // a tick, as a request takes: runs that overlap really overlap
    await new Promise((resolve) => setTimeout(resolve, 0));
    if (mode === 'offline') throw new TypeError('Failed to fetch');
    if (mode === 'down') return { status: 'unsent', reason: 'server' };
    requests.push(write.key);
    if (gone.has(write.contentId)) return { status: 'refused', message: 'Content not found' };
    if (!answered.has(write.key)) {
      writes.push(write.key);
      if (write.kind === 'journal') journal.push(write.text);
      else if (write.kind === 'complete') done.set(write.contentId, write.value);
      answered.set(write.key, { ok: write.key });
    }
    if (mode === 'loses answers') throw new TypeError('Failed to fetch');
    return { status: 'sent', answer: answered.get(write.key) };
  }
  return {
    send,
    done,
    journal,
    writes,
    requests,
    gone,
    set mode(next: typeof mode) {
      mode = next;
    },
  };
}

let n = 0;
const write = <W extends Record<string, unknown>>(fields: W) =>
  ({
    key: `key-${++n}`,
    queuedAt: new Date(2026, 11, 7, 8, n).toISOString(),
    title: 'Morning sit',
    ...fields,
  }) as unknown as QueuedWrite;
const done = (contentId: string, value = true) => write({ kind: 'complete', contentId, value });
const entry = (contentId: string, text: string) => write({ kind: 'journal', contentId, text });

function setUp() {
  const kept = storage();
  const api = server();
  const queue = createPracticeQueue({ storage: () => kept, send: api.send });
  return { kept, api, queue };
}

describe('the offline queue', () => {
  it('sends each write once, in order, however often it is replayed (two runs at once, then again)', async () => {
    const { api, queue } = setUp();
    const writes = [done('a'), entry('a', 'On the train'), done('b'), entry('b', 'Calmer')];
    for (const w of writes) await queue.enqueue(w);

    await Promise.all([queue.flush(), queue.flush()]);
    await queue.flush();

    expect(api.writes).toEqual(writes.map((w) => w.key));
    expect(api.requests).toEqual(writes.map((w) => w.key)); // not even asked twice
    expect(api.journal).toEqual(['On the train', 'Calmer']);
    expect(await queue.pending()).toEqual([]);
  });

  it('two tabs replaying the same queue at once write each entry once: the second request is a replay', async () => {
    const kept = storage();
    const api = server();
    const writes = [entry('a', 'First'), entry('a', 'Second')];
    const tabOne = createPracticeQueue({ storage: () => kept, send: api.send });
    const tabTwo = createPracticeQueue({ storage: () => kept, send: api.send });
    for (const w of writes) await tabOne.enqueue(w);

    await Promise.all([tabOne.flush(), tabTwo.flush()]); // no Web Locks here: both send
    expect(api.requests.length).toBeGreaterThan(writes.length);
    expect(api.writes).toEqual(writes.map((w) => w.key));
    expect(api.journal).toEqual(['First', 'Second']);
    expect(await tabOne.pending()).toEqual([]);
  });

  it('keeps everything while offline and sends it all, in order, when the connection returns', async () => {
    const { api, queue } = setUp();
    api.mode = 'offline';
    const writes = [done('a'), entry('a', 'Kept')];
    for (const w of writes) await queue.enqueue(w);
    const outcomes = await queue.flush();
    expect([...outcomes.values()]).toEqual([{ status: 'unsent', reason: 'network' }]);
    expect(await queue.pending()).toEqual(writes);

    api.mode = 'up';
    await queue.flush();
    expect(api.writes).toEqual(writes.map((w) => w.key));
    expect(await queue.pending()).toEqual([]);
  });

  it('sends a write whose answer was lost again with the same key: the server writes it once', async () => {
    const { api, queue } = setUp();
    const w = entry('a', 'Lost answer');
    await queue.enqueue(w);
    api.mode = 'loses answers';
    await queue.flush();
    expect(await queue.pending()).toEqual([w]); // no answer: not known to be written

    api.mode = 'up';
    await queue.flush();
    expect(api.requests).toEqual([w.key, w.key]);
    expect(api.journal).toEqual(['Lost answer']);
    expect(await queue.pending()).toEqual([]);
  });

  it('stops at a write the server cannot take now and keeps the order for the next run', async () => {
    const { api, queue } = setUp();
    const writes = [done('a'), done('b')];
    for (const w of writes) await queue.enqueue(w);
    api.mode = 'down';
    await queue.flush();
    expect(await queue.pending()).toEqual(writes);
    api.mode = 'up';
    await queue.flush();
    expect(api.writes).toEqual(writes.map((w) => w.key));
  });

  it('drops a write the server refuses, keeps it with the message to show, and sends the rest', async () => {
    const { api, queue } = setUp();
    api.gone.add('a');
    const refused = done('a');
    const after = done('b');
    await queue.enqueue(refused);
    await queue.enqueue(after);

    const outcomes = await queue.flush();
    expect(outcomes.get(refused.key)).toEqual({ status: 'refused', message: 'Content not found' });
    expect(await queue.pending()).toEqual([]);
    expect(api.done).toEqual(new Map([['b', true]]));
    expect((await queue.refusals()).map((r) => [r.write, r.message])).toEqual([[refused, 'Content not found']]);

    await queue.dismiss(refused.key);
    expect(await queue.refusals()).toEqual([]);
  });

  it('keeps only the last choice on an item while it waits; journal entries all stay', async () => {
    const { api, queue } = setUp();
    api.mode = 'offline';
    const first = done('a', true);
    const one = entry('a', 'One');
    const two = entry('a', 'Two');
    const last = done('a', false);
    for (const w of [first, one, two, last]) await queue.enqueue(w);
    expect(await queue.pending()).toEqual([one, two, last]);

    api.mode = 'up';
    await queue.flush();
    expect(api.done).toEqual(new Map([['a', false]]));
    expect(api.journal).toEqual(['One', 'Two']);
  });

  it('a write queued while a run is under way goes in the run after it', async () => {
    const { api, queue } = setUp();
    const first = done('a');
    await queue.enqueue(first);
    const running = queue.flush();
    const second = done('b');
    await queue.enqueue(second);
    const [, outcomes] = await Promise.all([running, queue.flush()]);
    expect(api.writes).toEqual([first.key, second.key]);
    expect(outcomes.has(second.key) || (await running).has(second.key)).toBe(true);
  });
});
