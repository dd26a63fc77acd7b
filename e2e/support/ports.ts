/**
 * The journeys' ports; E2E_PORT moves the pair (app on it, fixtures one above), so two checkouts
 * can run their journeys side by side on one machine.
 */
const appPort = Number(process.env.E2E_PORT ?? 3100);

export const E2E = {
  appPort,
  fixturePort: appPort + 1,
  baseURL: `http://localhost:${appPort}`,
  fixtureURL: `http://127.0.0.1:${appPort + 1}`,
};
