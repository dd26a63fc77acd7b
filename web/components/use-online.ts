import { useEffect, useRef, useSyncExternalStore } from 'react';

const subscribe = (listener: () => void) => {
  window.addEventListener('online', listener);
  window.addEventListener('offline', listener);
  return () => {
    window.removeEventListener('online', listener);
    window.removeEventListener('offline', listener);
  };
};

/** Whether the browser has a connection (navigator.onLine, kept current by its online/offline events). */
export const useOnline = () =>
  useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );

/** What a page that needs the network says while the browser is offline. */
export const OFFLINE_HEADING = 'You are offline — this page needs a connection';

/**
 * Whether a failure is the network's rather than the server's answer while the browser says it
 * is offline: fetch() rejects with a TypeError then, and a lazy page's module fails to load.
 */
export const failedOffline = (error: unknown) => !navigator.onLine && error instanceof TypeError;

/** Calls `then` each time the connection returns (the browser goes from offline to online). */
export function useWhenBackOnline(then: () => unknown) {
  const online = useOnline();
  const latest = useRef(then);
  const wasOnline = useRef(online);
  useEffect(() => {
    latest.current = then;
  });
  useEffect(() => {
    if (online && !wasOnline.current) latest.current();
    wasOnline.current = online;
  }, [online]);
  return online;
}
