import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

const dir = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const alias = { '@common': dir('./common'), '@web': dir('./web') };

// The API suite runs on PGlite always, and on PostgreSQL too when TEST_DATABASE_URL is set.
const apiProject = (db: 'pglite' | 'postgres') => ({
  resolve: { alias },
  test: {
    name: `api-${db}`,
    include: ['server/**/*.test.ts'],
    environment: 'node',
    env: { TEST_DB: db },
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // each file builds its own app on its own database: the module graph (Fastify, Drizzle, the
    // features) is loaded once per worker instead of once per file
    isolate: false,
  },
});

export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: { name: 'unit', include: ['common/**/*.test.ts', 'scripts/**/*.test.ts'], environment: 'node' },
      },
      {
        resolve: { alias },
        test: { name: 'web', include: ['web/**/*.test.{ts,tsx}'], environment: 'jsdom' },
      },
      apiProject('pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres')] : []),
    ],
  },
});
