// The headers client and server agree on, apart from the schemas (common/params.ts) so the web's
// fetch wrapper loads no zod.

/**
 * The response header of a paged list whose answer is an array (ARCHITECTURE.md 'Paging'): the
 * `cursor` of the following page, absent at the end.
 */
export const NEXT_CURSOR_HEADER = 'next-cursor';

/**
 * The request header of a write a client may retry (server/platform/idempotency.ts): a retry
 * with the same key answers the first result again, marked with `IDEMPOTENT_REPLAYED_HEADER`.
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'idempotent-replayed';

/** Every API answer's contract version (common/api-version.ts) ... */
export const API_VERSION_HEADER = 'tend-api-version';
/**
 * ... and the id of the web build the server serves (the `tend-build` meta of its index.html):
 * an open app built otherwise checks for the new version (web/app/app-update.ts).
 */
export const BUILD_HEADER = 'tend-build';
/** The meta element of index.html naming its build (scripts/build/build-id.ts writes it). */
export const BUILD_META = 'tend-build';
