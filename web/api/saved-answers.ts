import { useSyncExternalStore } from 'react';
import { SAVED_AT_HEADER } from '@web/sw/offline-keys';

/**
 * Which answers the page is showing from the service worker's kept copies (web/sw/offline-data.ts)
 * rather than from the server, and when each was kept: client.ts notes every answer, so a screen
 * can say "Offline — showing what was saved at HH:MM" for the calls it shows.
 */
const savedAt = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

/** The call without its query: `app/content-history?limit=24` is `app/content-history`. */
const callOf = (path: string) => path.replace(/^\/+/, '').split('?')[0]!;

/** Whether the service worker answered from its kept copy rather than the server. */
export const isKeptCopy = (res: Response) => res.headers.has(SAVED_AT_HEADER);

/** Notes whether this answer to `path` came from a kept copy (and when it was kept) or from the server. */
export function noteAnswer(path: string, res: Response) {
  const call = callOf(path);
  const stamp = Date.parse(res.headers.get(SAVED_AT_HEADER) ?? '');
  const before = savedAt.get(call);
  if (Number.isNaN(stamp)) savedAt.delete(call);
  else savedAt.set(call, stamp);
  if (before === savedAt.get(call)) return;
  version++;
  for (const listener of listeners) listener();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The oldest time among these calls' answers now shown from kept copies; undefined when all came from the server. */
export function savedAtOf(calls: readonly string[]): Date | undefined {
  const times = calls.map((call) => savedAt.get(callOf(call))).filter((t): t is number => t !== undefined);
  return times.length === 0 ? undefined : new Date(Math.min(...times));
}

/** `savedAtOf`, kept current as answers arrive. */
export function useSavedAt(calls: readonly string[]): Date | undefined {
  useSyncExternalStore(subscribe, () => version);
  return savedAtOf(calls);
}
