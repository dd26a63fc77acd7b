import pg from 'pg';

/**
 * The API suite's run on PostgreSQL: its test processes keep their databases from file to file
 * and never drop the last ones, so the run drops every database named after it when it ends,
 * and those of earlier runs whose process is gone (killed before their teardown).
 */
export async function setup() {
  process.env.TEND_TEST_RUN = String(process.pid);
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  await dropDatabases(url, (run) => !alive(run));
  return () => dropDatabases(url, (run) => run === process.pid);
}

async function dropDatabases(url: string, whose: (run: number) => boolean) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where datname ~ '^tend_test_[0-9]+_'`,
    );
    for (const { datname } of rows) {
      const run = Number(/^tend_test_(\d+)_/.exec(datname)![1]);
      if (whose(run)) await client.query(`drop database if exists ${datname} with (force)`);
    }
  } finally {
    await client.end();
  }
}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
