import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE } from '../../common/realtime/schemas';
import { type DatabaseHandle, selectRows } from '../db/client';
import { INSTANCE_GONE_AFTER_S } from './instances';
import { listenChannel } from './live-listener';

/**
 * The realtime hub: each server instance keeps its own open websockets; a signal
 * for some users goes through PostgreSQL NOTIFY so every instance (PGlite in-process, or every
 * process on one PostgreSQL) delivers it to the sockets it holds. Signals are small (ids, never
 * message bodies: NOTIFY payloads are capped at 8000 bytes); each instance turns a signal into
 * frames once, whatever the number of sockets. A signal is never dropped silently: when
 * the instance's LISTEN connection comes back after a drop, every tab here gets a `resync` frame
 * and fetches what it shows again; while it is down, this instance's own signals reach its tabs
 * directly.
 */
export const LIVE_CHANNEL = 'tend_live';
/** The hub's own signal: sessions of a user ended (`data.session`: that one; `data.keep`: all but that one). */
export const SESSIONS_ENDED = 'sessions-ended';
/** The frame that tells a tab it may have missed signals, so its open views fetch again. */
export const RESYNC_FRAME = JSON.stringify({ type: 'resync' });
/** Signals this instance delivered itself while its listener was down, remembered to skip their echo. */
const ECHOES_KEPT = 1_000;

export type LiveSignal = { to: string[]; kind: string; data?: Record<string, string> };
/** Turns a signal into the frame sent to each recipient's sockets (null: send nothing). */
export type SignalRenderer = (signal: LiveSignal) => Promise<unknown | null>;

export type LiveHub = {
  readonly instanceId: string;
  /** Registers a socket authenticated by the session `sessionKey`; returns the function that unregisters it. */
  attach(userId: string, socket: WebSocket, sessionKey: string): Promise<() => Promise<void>>;
  /** Sends a signal to every instance (and so to every open tab of the users in `to`). */
  publish(signal: LiveSignal): Promise<void>;
  /** Whether the user has an open connection on any instance. */
  isOnline(userId: string): Promise<boolean>;
  /** Sets how a kind of signal becomes a frame (features register theirs at start-up). */
  render(kind: string, renderer: SignalRenderer): void;
  /** Open sockets on this instance (health, tests). */
  localConnections(): number;
  /** Whether this instance hears the live channel now (false while its LISTEN connection is down). */
  listening(): boolean;
  close(): Promise<void>;
};

export async function createLiveHub(database: DatabaseHandle, log: FastifyBaseLogger): Promise<LiveHub> {
  const instanceId = randomUUID();
  const { db } = database;
  const sockets = new Map<string, Set<WebSocket>>();
  const renderers = new Map<string, SignalRenderer>();
  const sessionOf = new WeakMap<WebSocket, string>();
  let closed = false;

  // ids of signals delivered here before their NOTIFY could come back (see publish)
  const deliveredEarly = new Set<string>();

  /** A NOTIFY payload heard on the channel. */
  async function heard(payload: string) {
    let signal: LiveSignal & { id?: string };
    try {
      signal = JSON.parse(payload) as LiveSignal;
    } catch {
      return;
    }
    if (signal.id && deliveredEarly.delete(signal.id)) return;
    await deliver(signal);
  }

  async function deliver(signal: LiveSignal) {
    const targets = signal.to.flatMap((id) => [...(sockets.get(id) ?? [])]);
    if (targets.length === 0) return;
    if (signal.kind === SESSIONS_ENDED) {
      const { session, keep } = signal.data ?? {};
      for (const socket of targets) {
        const key = sessionOf.get(socket);
        if (session ? key === session : key !== keep) socket.close(LIVE_CLOSE.unauthenticated, 'Signed out');
      }
      return;
    }
    const renderer = renderers.get(signal.kind);
    const frame = renderer
      ? await renderer(signal).catch((err: unknown) => {
          log.error({ err }, 'live signal failed');
          return null;
        })
      : { type: signal.kind };
    if (!frame) return;
    const text = JSON.stringify(frame);
    for (const socket of targets) if (socket.readyState === 1) socket.send(text);
  }

  const listener = await listenChannel(database, LIVE_CHANNEL, log, {
    onPayload: (payload) => void heard(payload),
    // back after a drop: whatever was signalled meanwhile never came, so every tab here fetches again
    onListening: () => {
      let told = 0;
      for (const set of sockets.values())
        for (const socket of set)
          if (socket.readyState === 1) {
            socket.send(RESYNC_FRAME);
            told++;
          }
      if (told > 0) log.info({ tabs: told }, 'live listener back: open tabs told to resync');
    },
  });

  const count = (userId: string, delta: 1 | -1) =>
    db.execute(sql`
      insert into live_presence (instance_id, user_id, connections, seen_at)
        values (${instanceId}, ${userId}, greatest(${delta}, 0), now())
      on conflict (instance_id, user_id) do update
        set connections = greatest(live_presence.connections + ${delta}, 0), seen_at = now()`);

  return {
    instanceId,
    async attach(userId, socket, sessionKey) {
      let set = sockets.get(userId);
      if (!set) {
        set = new Set();
        sockets.set(userId, set);
      }
      set.add(socket);
      sessionOf.set(socket, sessionKey);
      const forget = () => {
        set.delete(socket);
        if (set.size === 0 && sockets.get(userId) === set) sockets.delete(userId);
      };
      try {
        await count(userId, 1);
      } catch (err) {
        forget();
        throw err;
      }
      let detached = false;
      return async () => {
        if (detached) return;
        detached = true;
        forget();
        if (!closed) await count(userId, -1).catch(() => undefined);
      };
    },
    async publish(signal) {
      const id = randomUUID();
      const payload = JSON.stringify({ ...signal, id });
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${payload})`);
      if (listener.listening()) return;
      // The database answers but this instance's listener is still down (waiting out its backoff):
      // the tabs here get the signal at once, and the listener tries again now. The NOTIFY may still
      // reach a listener that came back meanwhile; its id says it was delivered already.
      listener.wake();
      deliveredEarly.add(id);
      if (deliveredEarly.size > ECHOES_KEPT) deliveredEarly.delete(deliveredEarly.values().next().value!);
      await deliver(signal);
    },
    async isOnline(userId) {
      // connected to an instance that is alive: its heartbeat in server_instances (instances.ts) is
      // recent, so the users of a killed instance count as offline within INSTANCE_GONE_AFTER_S
      const rows = await selectRows<{ one: number }>(
        db,
        sql`select 1 as one from live_presence p join server_instances i on i.id::text = p.instance_id
        where p.user_id = ${userId} and p.connections > 0
        and i.seen_at > now() - make_interval(secs => ${INSTANCE_GONE_AFTER_S}) limit 1`,
      );
      return rows.length > 0;
    },
    render(kind, renderer) {
      renderers.set(kind, renderer);
    },
    localConnections: () => [...sockets.values()].reduce((n, set) => n + set.size, 0),
    listening: () => listener.listening(),
    async close() {
      closed = true;
      for (const set of sockets.values()) for (const socket of set) socket.close(1001, 'Server shutting down');
      sockets.clear();
      await listener.stop();
      await db.execute(sql`delete from live_presence where instance_id = ${instanceId}`).catch(() => undefined);
    },
  };
}
