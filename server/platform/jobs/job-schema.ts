/** pg-boss's schema: its tables live apart from ours, created and migrated by pg-boss itself. */
export const JOB_SCHEMA = 'pgboss';
