import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/client';

/**
 * An isolated, migrated database for one test file: a fresh in-memory PGlite, or - when the
 * suite runs against PostgreSQL (TEST_DB=postgres with TEST_DATABASE_URL) - a new database
 * created for the file and dropped afterwards.
 */
export async function createTestDatabase(): Promise<DatabaseHandle> {
  const url = process.env.TEST_DB === 'postgres' ? process.env.TEST_DATABASE_URL : undefined;
  if (!url) {
    const handle = await openDatabase({});
    await handle.migrate();
    return handle;
  }
  const name = `tend_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `create database ${name}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, name) });
  await handle.migrate();
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

async function adminQuery(url: string, statement: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
