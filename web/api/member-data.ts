import { clear, createStore, get, update, type UseStore } from 'idb-keyval';
import { MEMBER_CACHES } from '@web/sw/offline-keys';

/**
 * What a signed-in member keeps on this device for offline use, and its removal. It is bound to
 * the member: every way out of a session (Logout, deleting the account, an answer of 401) calls
 * `forgetMemberData`, and the app checks as a page starts that what is kept is the signed-in
 * member's (`claimMemberData`).
 * - Cache Storage (web/sw/offline-keys.ts MEMBER_CACHES): the kept answers of today's practice and
 *   the media saved for offline.
 * - IndexedDB (idb-keyval, one small database): the offline queue of practice writes, the list of
 *   saved items, and whose they are. Where IndexedDB is missing or refused (a browser's private
 *   mode) the same values live in memory for the page's life.
 */

/** The values kept: each is read and changed whole, and `change` is atomic (one IndexedDB transaction). */
export type MemberStorage = {
  read<T>(key: string): Promise<T | undefined>;
  change<T>(key: string, update: (value: T | undefined) => T): Promise<T>;
  clear(): Promise<void>;
};

function indexedDbStorage(store: UseStore): MemberStorage {
  return {
    read: (key) => get(key, store),
    async change<T>(key: string, updater: (value: T | undefined) => T) {
      let next: T | undefined;
      await update<T>(
        key,
        (value) => {
          next = updater(value);
          return next;
        },
        store,
      );
      return next as T;
    },
    clear: () => clear(store),
  };
}

function memoryStorage(): MemberStorage {
  const values = new Map<string, unknown>();
  return {
    read: async <T>(key: string) => values.get(key) as T | undefined,
    async change<T>(key: string, updater: (value: T | undefined) => T) {
      const next = updater(values.get(key) as T | undefined);
      values.set(key, next);
      return next;
    },
    clear: async () => values.clear(),
  };
}

/** IndexedDB while it answers; memory from its first refusal on (it does not come back within a page's life). */
function resilient(primary: MemberStorage): MemberStorage {
  let current = primary;
  const attempt =
    <A extends unknown[], R>(op: (s: MemberStorage, ...args: A) => Promise<R>) =>
    async (...args: A) => {
      try {
        return await op(current, ...args);
      } catch (err) {
        if (current !== primary) throw err;
        current = memoryStorage();
        return op(current, ...args);
      }
    };
  return {
    read: attempt((s, key: string) => s.read(key)) as MemberStorage['read'],
    change: attempt((s, key: string, updater: (value: unknown) => unknown) =>
      s.change(key, updater),
    ) as MemberStorage['change'],
    clear: attempt((s) => s.clear()),
  };
}

let storage: MemberStorage | undefined;

/** The member's values on this device (IndexedDB, else memory). */
export function memberStorage(): MemberStorage {
  storage ??=
    typeof indexedDB === 'undefined'
      ? memoryStorage()
      : resilient(indexedDbStorage(createStore('tend-member', 'kept')));
  return storage;
}

const FORGOTTEN = 'tend:member-data-forgotten';

/** Calls `listener` after the member's data was removed (the in-page copies of it start over). */
export function onMemberDataForgotten(listener: () => void): () => void {
  window.addEventListener(FORGOTTEN, listener);
  return () => window.removeEventListener(FORGOTTEN, listener);
}

/**
 * Removes everything the member kept on this device: the kept answers and saved media (Cache
 * Storage) and the offline queue and saved items' list (IndexedDB). Never throws: a storage that
 * refuses has nothing a next member could read through the app either (the data cache is keyed by
 * sign-in token, and the start check compares the owner).
 */
export async function forgetMemberData(): Promise<void> {
  const removals: Promise<unknown>[] = [memberStorage().clear()];
  if (typeof caches !== 'undefined') removals.push(...MEMBER_CACHES.map((name) => caches.delete(name)));
  await Promise.allSettled(removals);
  window.dispatchEvent(new Event(FORGOTTEN));
}

const OWNER_KEY = 'owner';

/**
 * Makes what is kept the member's: if it was someone else's, it is all removed first. The router
 * calls it as soon as a signed-in page has painted, before anything kept is shown for long; offline
 * practice's start calls it again.
 */
export async function claimMemberData(memberId: string): Promise<void> {
  const owner = await memberStorage().read<string>(OWNER_KEY);
  if (owner !== undefined && owner !== memberId) await forgetMemberData();
  await memberStorage().change<string>(OWNER_KEY, () => memberId);
}
