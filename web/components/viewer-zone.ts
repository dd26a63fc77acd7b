/**
 * The viewer's time zone: the browser's. Its own module so that whoami (in /login's JavaScript)
 * reads it without web/components/dates.ts, which brings common/time.
 */
export const viewerZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;
