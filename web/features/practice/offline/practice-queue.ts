import type { MemberStorage } from '@web/api/member-data';

/**
 * The offline queue of practice writes: marking an item done, favouriting it and journal entries
 * made while the server cannot be reached are kept on the device (MemberStorage: IndexedDB) and
 * sent when the connection returns. The rules:
 * - Each write carries its own Idempotency-Key from the moment it is queued, and keeps it through
 *   every attempt: a write whose answer was lost is sent again with the same key, and the server
 *   answers the first result instead of writing twice (server/platform/idempotency.ts).
 * - Done and favourite are sent as the state the member chose (`?value=`), not as a toggle, so a
 *   write that does arrive twice still leaves that state; a newer choice on the same item replaces
 *   an older one still waiting (only the last counts).
 * - Writes go one at a time, oldest first; a write the network or the server could not take
 *   (no answer, 5xx, 408, 409, 429) stops the run and stays first, for the next one.
 * - A write the server refuses (any other 4xx: the item is no longer the member's, the text is too
 *   long) is dropped from the queue and kept as a refusal with the server's message, for the
 *   screen to show until the member dismisses it.
 * - One run at a time per page, and per browser where Web Locks exist (other tabs wait), so the same
 *   write is not sent by two runs at once; and were it sent twice, its key makes the second a replay.
 */

export type FlagWrite = { kind: 'complete' | 'favourite'; contentId: string; title: string; value: boolean };
export type JournalWrite = { kind: 'journal'; contentId: string; title: string; text: string };
export type PracticeWrite = FlagWrite | JournalWrite;
/** A queued write: its Idempotency-Key and when it was queued. */
export type QueuedWrite = PracticeWrite & { key: string; queuedAt: string };
/** A write the server refused, with its message. */
export type RefusedWrite = { write: QueuedWrite; message: string; refusedAt: string };

/** What sending one write came to. */
export type SendOutcome =
  | { status: 'sent'; answer: unknown }
  | { status: 'refused'; message: string }
  /** `network`: no answer came; `server`: the server could not take it now (5xx, 408, 409, 429). */
  | { status: 'unsent'; reason: 'network' | 'server' };

export const QUEUE_KEY = 'practice-queue';
export const REFUSED_KEY = 'practice-refused';

const sameTarget = (a: PracticeWrite, b: PracticeWrite) =>
  a.kind !== 'journal' && a.kind === b.kind && a.contentId === b.contentId;

export function createPracticeQueue(options: {
  storage: () => MemberStorage;
  /** Sends one write with its key; never throws (a thrown error counts as unsent). */
  send: (write: QueuedWrite) => Promise<SendOutcome>;
  /** Runs `run` while no other tab's run does, where the browser can tell (Web Locks). */
  exclusive?: <T>(run: () => Promise<T>) => Promise<T>;
  /** After every change of the queue or the refusals. */
  changed?: () => void;
}) {
  const { storage, send, exclusive = (run) => run(), changed = () => undefined } = options;
  let last: Promise<unknown> = Promise.resolve();

  async function enqueue(write: QueuedWrite): Promise<void> {
    await storage().change<QueuedWrite[]>(QUEUE_KEY, (queue = []) => [
      ...queue.filter((queued) => !sameTarget(queued, write)),
      write,
    ]);
    changed();
  }

  const pending = async () => (await storage().read<QueuedWrite[]>(QUEUE_KEY)) ?? [];
  const refusals = async () => (await storage().read<RefusedWrite[]>(REFUSED_KEY)) ?? [];

  async function settle(write: QueuedWrite, refusal?: string) {
    await storage().change<QueuedWrite[]>(QUEUE_KEY, (queue = []) => queue.filter((q) => q.key !== write.key));
    if (refusal !== undefined) {
      const refused: RefusedWrite = { write, message: refusal, refusedAt: new Date().toISOString() };
      await storage().change<RefusedWrite[]>(REFUSED_KEY, (list = []) => [...list, refused]);
    }
    changed();
  }

  /** One run: the queue's writes in order until it is empty or one could not be sent. */
  async function drain(): Promise<Map<string, SendOutcome>> {
    const outcomes = new Map<string, SendOutcome>();
    for (;;) {
      // read again each time: a newer choice may have replaced a write, another tab sent some
      const [next] = await pending();
      if (!next || outcomes.has(next.key)) return outcomes;
      let outcome: SendOutcome;
      try {
        outcome = await send(next);
      } catch {
        outcome = { status: 'unsent', reason: 'network' };
      }
      outcomes.set(next.key, outcome);
      if (outcome.status === 'unsent') return outcomes;
      await settle(next, outcome.status === 'refused' ? outcome.message : undefined);
    }
  }

  /**
   * Sends what is queued, in order. A call while a run is under way starts its own once that one
   * is over (what was queued meanwhile goes then); answers the outcome of each write it sent, by key.
   */
  function flush(): Promise<Map<string, SendOutcome>> {
    const run = last.then(() => exclusive(drain));
    last = run.catch(() => undefined);
    return run;
  }

  /** Takes a write out of the queue unsent (its maker was told it failed). */
  async function withdraw(key: string) {
    await storage().change<QueuedWrite[]>(QUEUE_KEY, (queue = []) => queue.filter((q) => q.key !== key));
    changed();
  }

  /** Forgets a refusal the member has read. */
  async function dismiss(key: string) {
    await storage().change<RefusedWrite[]>(REFUSED_KEY, (list = []) => list.filter((r) => r.write.key !== key));
    changed();
  }

  return { enqueue, flush, pending, refusals, dismiss, withdraw };
}
