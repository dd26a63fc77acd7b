/**
 * npm run demo: starts Tend on a seeded demo community (PGlite in ./demo-data unless
 * DATABASE_URL is set) and prints the demo logins.
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { DEMO_PASSWORD, DEMO_PEOPLE, seedDemo } from './demo/seed';

async function main() {
  // the demo takes payments in test mode (no Stripe key): every page says no real money moves
  const config = loadConfig({
    DATA_DIR: './demo-data',
    ...(process.env.STRIPE_SECRET_KEY ? {} : { PAYMENTS_MODE: 'test' }),
    ...process.env,
  });
  const app = await buildApp(config);
  const seeded = await seedDemo(app.ctx);
  await app.listen({ port: config.port, host: config.host });
  const lines = DEMO_PEOPLE.map((p) => `  ${p.key.padEnd(13)} ${p.email.padEnd(18)} ${DEMO_PASSWORD}`);
  console.log(
    `\nTend demo ${seeded ? 'seeded and ' : ''}running at ${config.publicUrl}\n\nDemo logins (role, email, password):\n${lines.join('\n')}\n`,
  );
  const stop = async () => {
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err.message ?? err);
  process.exit(1);
});
