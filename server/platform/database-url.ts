import pg from 'pg';

/**
 * A PostgreSQL URL fit to print: user, host, port and database, never a password (in the
 * authority or as a `?password=` parameter) nor any other query parameter.
 */
export function describeDatabaseUrl(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    const user = url.username ? `${url.username}@` : '';
    return `${url.protocol}//${user}${url.host}${url.pathname}`;
  } catch {
    return '(an unreadable DATABASE_URL)';
  }
}

/** A DATABASE_URL the server cannot start with; its message is one line, fit to print as is. */
export class DatabaseUrlError extends Error {
  override name = 'DatabaseUrlError';
}

/** How long the start-up check waits for PostgreSQL to accept a connection. */
const STARTUP_CONNECT_MS = 10_000;

/**
 * Connects once to DATABASE_URL before anything else uses it: a wrong host,
 * port, database name or password stops the start with one line naming the variable and the
 * reason, instead of a stack trace from the migrator with the cause eight lines down. A database
 * that does not answer fails within STARTUP_CONNECT_MS rather than holding the start forever.
 */
export async function checkDatabaseUrl(databaseUrl: string, connectMs = STARTUP_CONNECT_MS): Promise<void> {
  const client = new pg.Client({
    connectionString: databaseUrl,
    connectionTimeoutMillis: connectMs,
    query_timeout: connectMs,
  });
  client.on('error', () => undefined);
  const started = performance.now();
  try {
    await client.connect();
    await client.query('select 1');
  } catch (err) {
    // pg reports its own time limit as a dropped connection: the clock tells them apart (timers
    // may fire a millisecond early by performance.now())
    const reason =
      performance.now() - started >= connectMs * 0.9
        ? `no answer from ${hostOf(databaseUrl)} within ${connectMs / 1000} s (timeout)`
        : databaseFailureReason(err);
    throw new DatabaseUrlError(`DATABASE_URL: ${reason}`);
  } finally {
    await client.end().catch(() => undefined);
  }
}

const hostOf = (databaseUrl: string) => {
  try {
    return new URL(databaseUrl).host || 'the server';
  } catch {
    return 'the server';
  }
};

type Failure = Error & {
  code?: string;
  address?: string;
  port?: number;
  hostname?: string;
};

/** Why a connection failed, in one line: what happened, where, and the code to search for. */
export function databaseFailureReason(err: unknown): string {
  // Node tries every address of a name like 'localhost' (::1, then 127.0.0.1): the last one tells
  const e = (err instanceof AggregateError && err.errors.length ? err.errors.at(-1) : (err ?? {})) as Failure;
  const where = e.address ? `${e.address}${e.port ? `:${e.port}` : ''}` : undefined;
  const at = where ? ` at ${where}` : '';
  switch (e.code) {
    case 'ECONNREFUSED':
      return `connection refused${at} (ECONNREFUSED)`;
    case 'ENOTFOUND':
      return `host ${e.hostname ?? '(none)'} not found (ENOTFOUND)`;
    case 'EAI_AGAIN':
      return `could not look up host ${e.hostname ?? '(none)'} (EAI_AGAIN)`;
    case 'ETIMEDOUT':
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `cannot reach the server${at} (${e.code})`;
  }
  const message = firstLine(e.message ?? String(err));
  // PostgreSQL's own refusals (wrong database, password, role) carry a SQLSTATE code
  return e.code ? `${message} (${e.code})` : message;
}

const firstLine = (text: string) => text.split('\n')[0]!.trim() || 'unknown error';
