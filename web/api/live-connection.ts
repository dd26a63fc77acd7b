import { useEffect, useRef, useSyncExternalStore } from 'react';
import { LIVE_CLOSE, LIVE_PATH, LiveServerFrame, type LiveClientFrame } from '@common/realtime/schemas';
import { getToken } from './client';

/**
 * The live connection, one per tab: a websocket at LIVE_PATH that
 * authenticates with its first frame, keeps a heartbeat, and reconnects after drops with
 * exponential backoff and jitter. Screens listen with `subscribeLive` / `useLiveEvents`; after a
 * reconnect they get `{ type: 'reconnected' }` and fetch what they missed. The server's `resync`
 * frame (its own channel dropped, so signals may have been lost) becomes `reconnected` too. Only a
 * 4001 close means signed out; every other close (1013 'try again later' included) reconnects.
 */
export type LiveEvent = Exclude<LiveServerFrame, { type: 'resync' }> | { type: 'reconnected' };
export type LiveListener = (event: LiveEvent) => void;
/** idle: not started; connecting: first attempt; open: authenticated; reconnecting: after a drop. */
export type LiveStatus = 'idle' | 'connecting' | 'open' | 'reconnecting' | 'offline' | 'signed-out';

export const HEARTBEAT_MS = 25_000;
export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * The wait before reconnect attempt `attempt` (0-based): 1 s doubling up to 30 s, of which a random
 * part (up to half) is taken off, so many tabs dropped together do not come back in step.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** attempt);
  return Math.round(ceiling / 2 + (ceiling / 2) * random());
}

/** ws: for http pages, wss: for https, on the page's own host (the Vite dev server proxies it). */
export function liveUrl(location: Pick<Location, 'protocol' | 'host'> = window.location): string {
  return `${location.protocol === 'https:' ? 'wss:' : 'ws:'}//${location.host}${LIVE_PATH}`;
}

const SOCKET_OPEN = 1;
const HEARTBEAT_TIMEOUT_CODE = 4000;

type Options = {
  emit: (event: LiveEvent) => void;
  onStatus?: (status: LiveStatus) => void;
  token?: () => string | null;
  url?: () => string;
  random?: () => number;
};

export class LiveConnection {
  private socket: WebSocket | null = null;
  private attempt = 0;
  private wasReady = false;
  private stopped = true;
  private heartbeat: ReturnType<typeof setInterval> | undefined;
  private retry: ReturnType<typeof setTimeout> | undefined;
  /** Set when a ping went out; any frame clears it. Still set at the next beat = the socket is dead. */
  private awaitingAnswer = false;
  status: LiveStatus = 'idle';

  constructor(private readonly options: Options) {}

  start() {
    if (!this.stopped) return;
    this.stopped = false;
    this.attempt = 0;
    this.wasReady = false;
    window.addEventListener('online', this.handleOnline);
    window.addEventListener('offline', this.handleOffline);
    this.connect();
  }

  stop() {
    this.stopped = true;
    window.removeEventListener('online', this.handleOnline);
    window.removeEventListener('offline', this.handleOffline);
    clearTimeout(this.retry);
    this.retry = undefined;
    this.dropSocket(1000);
    this.setStatus('idle');
  }

  private setStatus(status: LiveStatus) {
    if (this.status === status) return;
    this.status = status;
    this.options.onStatus?.(status);
  }

  private connect() {
    this.retry = undefined;
    const token = (this.options.token ?? getToken)();
    if (!token) {
      this.setStatus('signed-out');
      return;
    }
    if (!navigator.onLine) {
      this.setStatus('offline');
      return;
    }
    this.setStatus(this.wasReady ? 'reconnecting' : 'connecting');
    const socket = new WebSocket((this.options.url ?? liveUrl)());
    this.socket = socket;
    socket.onopen = () => this.send({ type: 'auth', token });
    socket.onmessage = (event: MessageEvent) => this.receive(event.data);
    socket.onclose = (event: CloseEvent) => this.closed(event.code);
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private send(frame: LiveClientFrame) {
    if (this.socket?.readyState === SOCKET_OPEN) this.socket.send(JSON.stringify(frame));
  }

  private receive(data: unknown) {
    this.awaitingAnswer = false;
    let json: unknown;
    try {
      json = JSON.parse(String(data));
    } catch {
      return;
    }
    const parsed = LiveServerFrame.safeParse(json);
    if (!parsed.success) return;
    const frame = parsed.data;
    if (frame.type === 'ready') {
      const reconnected = this.wasReady;
      this.wasReady = true;
      this.attempt = 0;
      this.setStatus('open');
      this.startHeartbeat();
      this.options.emit(frame);
      if (reconnected) this.options.emit({ type: 'reconnected' });
      return;
    }
    if (frame.type === 'pong') return;
    if (frame.type === 'resync') return this.options.emit({ type: 'reconnected' });
    this.options.emit(frame);
  }

  private startHeartbeat() {
    clearInterval(this.heartbeat);
    this.awaitingAnswer = false;
    this.heartbeat = setInterval(() => {
      if (this.awaitingAnswer) {
        // No answer for a whole beat: the connection is gone without a close (e.g. a sleeping laptop).
        this.dropSocket(HEARTBEAT_TIMEOUT_CODE);
        this.scheduleReconnect();
        return;
      }
      this.awaitingAnswer = true;
      this.send({ type: 'ping' });
    }, HEARTBEAT_MS);
  }

  /** Forgets the socket (its late events are ignored) and closes it. */
  private dropSocket(code: number) {
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    const socket = this.socket;
    this.socket = null;
    if (!socket) return;
    socket.onopen = socket.onmessage = socket.onclose = socket.onerror = null;
    try {
      socket.close(code);
    } catch {
      // already closed
    }
  }

  private closed(code: number) {
    this.socket = null;
    clearInterval(this.heartbeat);
    this.heartbeat = undefined;
    if (this.stopped) return;
    if (code === LIVE_CLOSE.unauthenticated) {
      // The token is no longer valid: the next API call sends the user to /login.
      this.setStatus('signed-out');
      return;
    }
    this.scheduleReconnect();
  }

  private scheduleReconnect() {
    if (this.stopped || this.retry !== undefined) return;
    if (!navigator.onLine) {
      this.setStatus('offline');
      return;
    }
    this.setStatus(this.wasReady ? 'reconnecting' : 'connecting');
    const delay = reconnectDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.retry = setTimeout(() => this.connect(), delay);
  }

  private handleOffline = () => {
    // Waiting out a backoff is pointless while offline; 'online' reconnects at once.
    clearTimeout(this.retry);
    this.retry = undefined;
    if (!this.socket) this.setStatus('offline');
  };

  private handleOnline = () => {
    if (this.stopped || this.socket) return;
    clearTimeout(this.retry);
    this.attempt = 0;
    this.connect();
  };
}

const listeners = new Set<LiveListener>();
const statusListeners = new Set<() => void>();
let current: LiveConnection | null = null;

const emit = (event: LiveEvent) => {
  for (const listener of [...listeners]) listener(event);
};
const notifyStatus = () => {
  for (const listener of [...statusListeners]) listener();
};

/** Listens to every frame of this tab's connection (and 'reconnected'); returns the unsubscribe. */
export function subscribeLive(listener: LiveListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Opens this tab's connection; stop it with the returned function. */
export function startLive(): () => void {
  current?.stop();
  const connection = new LiveConnection({ emit, onStatus: notifyStatus });
  current = connection;
  connection.start();
  notifyStatus();
  return () => {
    connection.stop();
    if (current === connection) current = null;
    notifyStatus();
  };
}

/** Keeps the connection open while `userId` is set (the signed-in layout); a new user, a new socket. */
export function useLiveConnection(userId: string | null | undefined) {
  useEffect(() => {
    if (!userId) return undefined;
    // in a task of its own: opening the socket is not part of the first render's commit
    let stop: (() => void) | undefined;
    const timer = setTimeout(() => {
      stop = startLive();
    });
    return () => {
      clearTimeout(timer);
      stop?.();
    };
  }, [userId]);
}

/** Calls the latest `listener` for every live event while the component is mounted. */
export function useLiveEvents(listener: LiveListener) {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => subscribeLive((event) => latest.current(event)), []);
}

const subscribeStatus = (listener: () => void) => {
  statusListeners.add(listener);
  return () => statusListeners.delete(listener);
};
const readStatus = (): LiveStatus => current?.status ?? 'idle';

/** The connection's state, for a quiet 'Reconnecting…' hint. */
export const useLiveStatus = () => useSyncExternalStore(subscribeStatus, readStatus, readStatus);
