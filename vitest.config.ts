import { configDefaults, defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@common': dir('./common'), '@web': dir('./web') };

// The API suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const apiProject = (db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `api-${db}`,
    include: ['server/**/*.test.ts'],
    // the parsers' fuzzing touches no database: once, on the PGlite run, is enough
    exclude: [...configDefaults.exclude, ...(db === 'postgres' ? ['server/**/*.fuzz.test.ts'] : [])],
    environment: 'node',
    env: { TEST_DB: db },
    // names this run's PostgreSQL databases and drops them at its end
    globalSetup: ['server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // each file builds its own app on its own database: the module graph (Fastify, Drizzle, the
    // features) is loaded once per worker instead of once per file
    isolate: false,
  },
});

export default defineConfig({
  test: {
    // vitest's default on 2 cores is one worker: two keep both busy, and the PostgreSQL files
    // spend much of their time waiting on the database server
    maxWorkers: 2,
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          include: ['common/**/*.test.ts', 'scripts/**/*.test.ts'],
          environment: 'node',
          // the demo seed starts an app on PGlite and the lint test runs Biome: seconds when loaded
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'web',
          include: ['web/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // one jsdom and module graph per worker rather than per file (a third of the CPU time);
          // the setup file puts back what a file leaves behind
          isolate: false,
          setupFiles: ['web/testing/shared-dom-setup.ts'],
          // a loaded 2-core CI machine runs two workers beside the API suite's databases
          testTimeout: 15_000,
        },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
