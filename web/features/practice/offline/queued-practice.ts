import { useMemo, useSyncExternalStore } from 'react';
import type { EngagementAnswer } from '@common/practice/schemas';
import { ApiError, api } from '@web/api/client';
import { newIdempotencyKey } from '@web/api/idempotency-key';
import { memberStorage, onMemberDataForgotten } from '@web/api/member-data';
import { formErrorText, serverMessageOf } from '@web/components/form/error-text';
import { engagementByContent, type EngagementByContent } from '../engagement';
import {
  createPracticeQueue,
  type PracticeWrite,
  type QueuedWrite,
  type RefusedWrite,
  type SendOutcome,
} from './practice-queue';

/**
 * The app's offline queue (practice-queue.ts has its rules): how each write is sent, the page's
 * copy of what is waiting (for the "will sync" marks and the refusals), and `sendOrQueue`, which
 * every done, favourite and journal write goes through.
 */

/** Answers that say "not now" rather than "no": the write waits for the next run. */
const TRANSIENT = new Set([408, 409, 425, 429]);

/** The call of one write, with its Idempotency-Key. */
function callFor(write: QueuedWrite): Promise<unknown> {
  const options = { idempotencyKey: write.key };
  const id = encodeURIComponent(write.contentId);
  if (write.kind === 'journal') {
    return api.call('app/create-journal', { content: write.contentId, journalText: write.text }, options);
  }
  const flag = write.kind === 'complete' ? 'complete-content' : 'favourite-content';
  return api.call(`app/${flag}/${id}?value=${write.value}`, undefined, options);
}

/** Keys of writes on their way to the server now (not shown as waiting). */
const inFlight = new Set<string>();

async function send(write: QueuedWrite): Promise<SendOutcome> {
  inFlight.add(write.key);
  void refresh().catch(() => undefined);
  try {
    const answer = await callFor(write);
    // no answer: a 401 (the session ended and what was kept goes with it), so nothing is sent
    return answer === undefined ? { status: 'unsent', reason: 'network' } : { status: 'sent', answer };
  } catch (err) {
    if (!(err instanceof ApiError)) return { status: 'unsent', reason: 'network' };
    if (err.status >= 500 || TRANSIENT.has(err.status)) return { status: 'unsent', reason: 'server' };
    return { status: 'refused', message: serverMessageOf(err) ?? formErrorText(err) };
  } finally {
    inFlight.delete(write.key);
  }
}

/** Web Locks where the browser has them: one tab sends at a time. */
function exclusive<T>(run: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('tend-practice-queue', run) as Promise<T>) : run();
}

type Snapshot = { pending: QueuedWrite[]; refused: RefusedWrite[]; inFlight: ReadonlySet<string> };
let snapshot: Snapshot = { pending: [], refused: [], inFlight: new Set() };
const listeners = new Set<() => void>();

/** Reads the queue and the refusals again into the page's copy. */
async function refresh() {
  const [pending, refused] = await Promise.all([practiceQueue.pending(), practiceQueue.refusals()]);
  snapshot = { pending, refused, inFlight: new Set(inFlight) };
  for (const listener of listeners) listener();
}

export const practiceQueue = createPracticeQueue({
  storage: memberStorage,
  send,
  exclusive,
  changed: () => void refresh(),
});

if (typeof window !== 'undefined') {
  void refresh().catch(() => undefined);
  onMemberDataForgotten(() => void refresh().catch(() => undefined));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The writes waiting to be sent and the refusals to show, kept current. */
export const useQueuedPractice = () => useSyncExternalStore(subscribe, () => snapshot);

/** Whether this item's done or favourite choice waits in the queue (and is not on its way right now). */
export function useWillSync(kind: 'complete' | 'favourite', contentId: string) {
  const { pending, inFlight: sending } = useQueuedPractice();
  return pending.some((w) => w.kind === kind && w.contentId === contentId && !sending.has(w.key));
}

/** The engagement as the member left it: the server's (or the kept copy's) with the queued choices on top. */
function withQueued(engagement: EngagementByContent, pending: readonly QueuedWrite[]): EngagementByContent {
  const flags = pending.filter((w) => w.kind !== 'journal');
  if (flags.length === 0) return engagement;
  const merged = new Map(engagement);
  for (const write of flags) {
    const record: EngagementAnswer = merged.get(write.contentId) ?? {
      content: write.contentId,
      isComplete: false,
      isFavourite: false,
      totalEngagementSeconds: 0,
    };
    merged.set(write.contentId, { ...record, [write.kind === 'complete' ? 'isComplete' : 'isFavourite']: write.value });
  }
  return merged;
}

/** The server refused a write its maker is waiting for; the message is the server's. */
export class WriteRefused extends Error {
  override name = 'WriteRefused';
}

/** The server could not take a write its maker is waiting for (5xx): it is not kept, the maker is told. */
class WriteFailed extends Error {
  override name = 'WriteFailed';
}

/** The engagement records of a screen by item, with the member's queued choices on top. */
export function useEngagementWithQueue(records: readonly EngagementAnswer[]): EngagementByContent {
  const { pending } = useQueuedPractice();
  return useMemo(() => withQueued(engagementByContent([...records]), pending), [records, pending]);
}

/** A write's outcome for the one who made it: sent (the server's answer), or waiting in the queue. */
export type WriteResult = { sent: true; answer: unknown } | { sent: false; queued: QueuedWrite };

/**
 * Every practice write goes through here: it joins the queue with a new Idempotency-Key, and
 * when the browser is online the queue is sent at once, in order (an older write still waiting
 * goes first). Sent: the server's answer. Not sent (offline, no answer): it waits and is sent
 * when the connection returns. Refused: thrown with the server's message, as a direct call would;
 * and a server that fails it while the member waits (5xx) is reported as a failure, not kept.
 */
export async function sendOrQueue(write: PracticeWrite): Promise<WriteResult> {
  const queued = { ...write, key: newIdempotencyKey(), queuedAt: new Date().toISOString() } as QueuedWrite;
  await practiceQueue.enqueue(queued);
  if (!navigator.onLine) return { sent: false, queued };
  const outcome = (await practiceQueue.flush()).get(queued.key);
  if (outcome?.status === 'sent') return { sent: true, answer: outcome.answer };
  if (outcome?.status === 'refused') {
    // the member is here to read it: the message goes with the error, not to the refusals list
    await practiceQueue.dismiss(queued.key);
    throw new WriteRefused(outcome.message);
  }
  if (outcome?.status === 'unsent' && outcome.reason === 'server') {
    await practiceQueue.withdraw(queued.key);
    throw new WriteFailed('The server could not take it now.');
  }
  return { sent: false, queued };
}
