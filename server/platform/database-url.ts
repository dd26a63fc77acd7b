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
