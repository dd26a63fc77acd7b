import { defineConfig, devices } from '@playwright/test';
import { E2E } from './e2e/support/ports';

/** Journeys in Debian's Chromium (/usr/bin/chromium or CHROME_PATH); no browser download. */
export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // a journey is a whole story across two or three signed-in pages; on a 2-core machine running
  // two of them side by side (and the server) the longest took close to 60 s, so each gets 120 s
  timeout: 120_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: E2E.baseURL,
    // a trace snapshots the page at every action, a good part of a journey's browser time: only
    // the retry of a failed journey records one (CI retries once, so a failure keeps its trace)
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  webServer: {
    command: 'tsx e2e/support/server.ts',
    url: `${E2E.baseURL}/readyz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
  },
});
