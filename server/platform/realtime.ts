import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { WebSocket } from 'ws';
import { LIVE_CLOSE } from '../../common/realtime/schemas';
import { type DatabaseHandle, selectRows } from '../db/client';

/**
 * The realtime hub (DESIGN.md §2): each server instance keeps its own open websockets; a signal
 * for some users goes through PostgreSQL NOTIFY so every instance (PGlite in-process, or every
 * process on one PostgreSQL) delivers it to the sockets it holds. Signals are small (ids, never
 * message bodies: NOTIFY payloads are capped at 8000 bytes); each instance turns a signal into
 * frames once, whatever the number of sockets.
 */
export const LIVE_CHANNEL = 'tend_live';
/** The hub's own signal: sessions of a user ended (`data.session`: that one; `data.keep`: all but that one). */
export const SESSIONS_ENDED = 'sessions-ended';
/** How often an instance marks its presence rows fresh; rows older than 3 beats count as gone. */
const PRESENCE_BEAT_MS = 30_000;

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
  close(): Promise<void>;
};

export async function createLiveHub(database: DatabaseHandle, log: FastifyBaseLogger): Promise<LiveHub> {
  const instanceId = randomUUID();
  const { db } = database;
  const sockets = new Map<string, Set<WebSocket>>();
  const renderers = new Map<string, SignalRenderer>();
  const sessionOf = new WeakMap<WebSocket, string>();
  let closed = false;

  async function deliver(payload: string) {
    let signal: LiveSignal;
    try {
      signal = JSON.parse(payload) as LiveSignal;
    } catch {
      return;
    }
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

  const stopListening = await listen(
    database,
    log,
    (payload) => void deliver(payload),
    () => closed,
  );

  const beat = setInterval(() => {
    void db
      .execute(sql`update live_presence set seen_at = now() where instance_id = ${instanceId}`)
      .catch(() => undefined);
  }, PRESENCE_BEAT_MS);
  beat.unref();

  const count = (userId: string, delta: 1 | -1) =>
    db.execute(sql`
      insert into live_presence (instance_id, user_id, connections, seen_at) values (${instanceId}, ${userId}, greatest(${delta}, 0), now())
      on conflict (instance_id, user_id) do update set connections = greatest(live_presence.connections + ${delta}, 0), seen_at = now()`);

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
      await count(userId, 1);
      let detached = false;
      return async () => {
        if (detached) return;
        detached = true;
        set.delete(socket);
        if (set.size === 0) sockets.delete(userId);
        if (!closed) await count(userId, -1).catch(() => undefined);
      };
    },
    async publish(signal) {
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(signal)})`);
    },
    async isOnline(userId) {
      const rows = await selectRows<{ one: number }>(
        db,
        sql`select 1 as one from live_presence where user_id = ${userId} and connections > 0
        and seen_at > now() - make_interval(secs => ${(PRESENCE_BEAT_MS * 3) / 1000}) limit 1`,
      );
      return rows.length > 0;
    },
    render(kind, renderer) {
      renderers.set(kind, renderer);
    },
    localConnections: () => [...sockets.values()].reduce((n, set) => n + set.size, 0),
    async close() {
      closed = true;
      clearInterval(beat);
      for (const set of sockets.values()) for (const socket of set) socket.close(1001, 'Server shutting down');
      sockets.clear();
      await stopListening();
      await db.execute(sql`delete from live_presence where instance_id = ${instanceId}`).catch(() => undefined);
    },
  };
}

/** LISTEN on the channel: PGlite's in-process listener, or one dedicated pg connection that reconnects. */
async function listen(
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  onPayload: (payload: string) => void,
  isClosed: () => boolean,
) {
  if (database.pglite) {
    const unsubscribe = await database.pglite.listen(LIVE_CHANNEL, onPayload);
    return () => unsubscribe();
  }
  const pool = database.pool!;
  let client: pg.PoolClient | undefined;
  let forgetCurrent = () => {};
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;
  const connect = async () => {
    try {
      const c = await pool.connect();
      client = c;
      const onNotification = (msg: pg.Notification) =>
        msg.channel === LIVE_CHANNEL && msg.payload && onPayload(msg.payload);
      const onError = (err: Error) => {
        // only the live listener reconnects; a client already given up (closed) is left alone
        if (client !== c) return;
        log.warn({ err }, 'live listener connection lost; reconnecting');
        client = undefined;
        forget(c);
        schedule();
      };
      const forget = (gone: pg.PoolClient) => {
        gone.off('notification', onNotification);
        gone.off('error', onError);
        // a late error from the dying connection (e.g. the database being dropped) must not crash us
        gone.on('error', () => undefined);
        gone.release(true);
      };
      forgetCurrent = () => forget(c);
      c.on('notification', onNotification);
      c.on('error', onError);
      await c.query(`listen ${LIVE_CHANNEL}`);
      delay = 500;
    } catch (err) {
      log.warn({ err }, 'live listener could not connect; retrying');
      if (client) {
        const c = client;
        client = undefined;
        c.release(true);
      }
      schedule();
    }
  };
  const schedule = () => {
    if (isClosed()) return;
    retry = setTimeout(() => void connect(), delay);
    delay = Math.min(delay * 2, 30_000);
  };
  await connect();
  return async () => {
    clearTimeout(retry);
    const c = client;
    client = undefined;
    if (c) {
      await c.query(`unlisten ${LIVE_CHANNEL}`).catch(() => undefined);
      // destroyed, not returned to the pool: nothing of the listener lingers in other queries
      forgetCurrent();
    }
  };
}
