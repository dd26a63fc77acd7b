import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { DatabaseHandle } from '../db/client';

/** Waits between attempts to get the listener back: 0.5 s doubling up to this. */
const RETRY_MAX_MS = 10_000;
/**
 * How often the listener's own connection is asked a trivial question: a connection that died
 * without a word (a half-open TCP connection, a frozen server) is found and replaced, instead of
 * waiting silently for notifications that never come.
 */
export const LISTENER_CHECK_MS = 15_000;

export type ChannelListener = {
  /** Whether notifications reach us now (PGlite: always). */
  listening(): boolean;
  /** Tries to listen again at once when down (the database just answered someone else). */
  wake(): void;
  stop(): Promise<void>;
};

type Handlers = {
  onPayload: (payload: string) => void;
  /**
   * The listener is back after a drop: notifications sent meanwhile were lost. Called on every
   * (re)connect, the first one included, when no socket can have missed anything yet.
   */
  onListening: () => void;
};

/**
 * LISTEN on `channel`: PGlite's in-process listener (never drops), or one dedicated pg connection
 * that reconnects with backoff and says so (a silent drop would lose messages).
 */
export async function listenChannel(
  database: DatabaseHandle,
  channel: string,
  log: FastifyBaseLogger,
  handlers: Handlers,
): Promise<ChannelListener> {
  if (database.pglite) {
    const unsubscribe = await database.pglite.listen(channel, handlers.onPayload);
    return { listening: () => true, wake: () => undefined, stop: () => unsubscribe() };
  }
  const pool = database.pool!;
  // the check names the channel, so an operator (or a test) finds this connection in pg_stat_activity
  const check = `select 1 -- ${channel} listener check`;
  let client: pg.PoolClient | undefined;
  let connecting = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = 500;

  // each client's own handlers, taken off when it is given up (the pool keeps its own listeners)
  const handlersOf = new WeakMap<
    pg.PoolClient,
    { notification: (msg: pg.Notification) => void; gone: (err?: unknown) => void }
  >();
  const forget = (gone: pg.PoolClient) => {
    const mine = handlersOf.get(gone);
    if (mine) {
      gone.off('notification', mine.notification);
      gone.off('error', mine.gone);
      gone.off('end', mine.gone);
    }
    // a late error from the dying connection (e.g. the database being dropped) must not crash us
    gone.on('error', () => undefined);
    gone.release(true);
  };
  const lost = (gone: pg.PoolClient, err?: unknown) => {
    // only the current listener reconnects; a client already given up is left alone
    if (client !== gone) return;
    log.warn({ err }, 'live listener connection lost; reconnecting');
    client = undefined;
    forget(gone);
    schedule();
  };
  const connect = async () => {
    if (stopped || client || connecting) return;
    connecting = true;
    let c: pg.PoolClient | undefined;
    try {
      c = await pool.connect();
      const mine = c;
      const own = {
        notification: (msg: pg.Notification) =>
          void (msg.channel === channel && msg.payload && handlers.onPayload(msg.payload)),
        gone: (err?: unknown) => lost(mine, err),
      };
      handlersOf.set(mine, own);
      mine.on('notification', own.notification);
      mine.on('error', own.gone);
      mine.on('end', own.gone);
      await mine.query(`listen ${channel}`);
      if (stopped) return forget(mine);
      client = mine;
      delay = 500;
      handlers.onListening();
    } catch (err) {
      log.warn({ err }, 'live listener could not connect; retrying');
      if (c) forget(c);
      schedule();
    } finally {
      connecting = false;
    }
  };
  const schedule = () => {
    if (stopped || retry !== undefined) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, delay);
    delay = Math.min(delay * 2, RETRY_MAX_MS);
  };
  let checking = false;
  const checker = setInterval(() => {
    const c = client;
    if (!c || checking) return;
    checking = true;
    c.query(check)
      .catch((err: unknown) => lost(c, err))
      .finally(() => {
        checking = false;
      });
  }, LISTENER_CHECK_MS);
  checker.unref();

  await connect();
  return {
    listening: () => client !== undefined,
    wake() {
      if (stopped || client || connecting) return;
      clearTimeout(retry);
      retry = undefined;
      void connect();
    },
    async stop() {
      stopped = true;
      clearTimeout(retry);
      clearInterval(checker);
      const c = client;
      client = undefined;
      if (c) {
        await c.query(`unlisten ${channel}`).catch(() => undefined);
        // destroyed, not returned to the pool: nothing of the listener lingers in other queries
        forget(c);
      }
    },
  };
}
