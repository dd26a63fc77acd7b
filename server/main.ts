import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { DataDirLockedError } from './db/client';
import { ownerSetupLink } from './features/setup/service';
import { startupBanner } from './platform/banner';
import { checkDatabaseUrl, DatabaseUrlError } from './platform/database-url';

/**
 * How long a shutdown may take before the process leaves anyway: requests in flight, then the
 * job runner's own 10 s for running jobs; within the 30 s that systemd and compose.yaml allow.
 */
const DRAIN_MS = 25_000;

async function main() {
  const config = loadConfig();
  if (config.databaseUrl) await checkDatabaseUrl(config.databaseUrl);
  const app = await buildApp(config);

  let stopping = false;
  const stop = async (signal: string) => {
    // a second Ctrl-C means now
    if (stopping) process.exit(1);
    stopping = true;
    app.log.info(`${signal}: finishing requests in flight, closing live connections`);
    const force = setTimeout(() => {
      app.log.warn(`still busy after ${DRAIN_MS / 1000} s: leaving anyway`);
      process.exit(1);
    }, DRAIN_MS);
    force.unref();
    await app.close();
    app.log.info('stopped');
    // the JSON log is written in batches (platform/logging.ts): the last one goes out first
    const log = app.log as FastifyBaseLogger & { flush?: (done: () => void) => void };
    if (log.flush) log.flush(() => process.exit(0));
    else process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));

  await app.listen({
    port: config.port,
    host: config.host,
    listenTextResolver: (address) => `listening on ${address}`,
  });
  const banner = await startupBanner(app, { setupLink: await ownerSetupLink(app.ctx) });
  app.log.info({ startup: banner.fields }, banner.lines.join('\n'));
  for (const warning of banner.warnings) app.log.warn(warning);
}

main().catch((err) => {
  if (err instanceof DatabaseUrlError) {
    console.error(`Tend could not start: ${err.message}`);
  } else if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
});
