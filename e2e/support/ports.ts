export const E2E = {
  appPort: 3100,
  fixturePort: 3101,
  baseURL: 'http://localhost:3100',
  fixtureURL: 'http://127.0.0.1:3101',
};
