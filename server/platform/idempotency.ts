import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'drizzle-orm';
import { IDEMPOTENCY_KEY_HEADER, IDEMPOTENT_REPLAYED_HEADER } from '../../common/params';
import { type Executor, selectRows } from '../db/client';
import { fail } from './errors';

/**
 * Writes a client may retry answer their first result again, as Stripe's API
 * does: a signed-in call to a route with `config: { idempotent: true }` may carry an
 * `Idempotency-Key` header (1-255 printable ASCII characters, a UUID from the web client).
 * - The first request with a key claims it (a row in `idempotency_keys`, per user) and runs; a
 *   2xx answer is stored (status and body), anything else releases the key, so a client may fix a
 *   refused request and send it again with the same key.
 * - A retry with the same key, method, path and body answers the stored result, with
 *   `Idempotent-Replayed: true`, and runs nothing.
 * - The same key for another request (another body, path or method): 422 `idempotency_key_reused`.
 * - The same key while its first request still runs: 409 `request_in_progress` with Retry-After.
 *   Waiting on the first request instead would hold a database connection per waiting request
 *   (PGlite has one for the whole server), so 20 racing requests could starve the pool; the 409 is
 *   immediate and the client's retry then gets the stored answer.
 * - A claim whose request never answered (its server was killed) is taken over after
 *   `ABANDONED_AFTER`; stored answers are kept `KEPT_FOR` and then deleted by the clean-up job.
 * Without the header, or on a route that does not opt in, a request runs as it always did.
 *
 * What this cannot cover: a server killed after the write committed and before its answer was
 * stored leaves a claim without an answer, and the retry that takes it over writes again (the
 * write and the stored answer are not one transaction; a route needing that, like messages,
 * keeps its own unique key).
 */
export const ABANDONED_AFTER = '60 seconds';
export const KEPT_FOR = '24 hours';
const KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** honours the Idempotency-Key header (platform/idempotency.ts) */
    idempotent?: boolean;
  }
  interface FastifyRequest {
    /** the key this request claimed, settled when its answer is sent */
    idempotencyClaim: Claim | null;
  }
}

/** The key's first request is still running: the client asks again in a second. */
const inProgress = () => fail(409, 'request_in_progress', undefined, { retryAfter: 1 }, { 'retry-after': '1' });

type Claim = { userId: string; key: string; requestHash: string; claimedAt: string };

type Found = { requestHash: string; status: number | null; body: unknown };

/** Registers the hooks; call before the write limits, so a replay is not counted as a write. */
export function installIdempotency(app: FastifyInstance) {
  app.decorateRequest('idempotencyClaim', null);
  // most requests (every read) carry no key: they go on at once, without a promise
  app.addHook('preHandler', (req, reply, done) => {
    if (!req.routeOptions.config.idempotent || !req.user || req.headers[IDEMPOTENCY_KEY_HEADER] === undefined) {
      return done();
    }
    // a replayed answer is sent from the hook: the request stops there
    claimOrReplay(app, req, reply).then((replayed) => replayed || done(), done);
  });
  app.addHook('onSend', (req, reply, payload, done) => {
    const claim = req.idempotencyClaim;
    if (!claim) return done(null, payload);
    req.idempotencyClaim = null;
    settle(app, req, reply.statusCode, payload, claim).then(() => done(null, payload));
  });
}

/** Claims the request's key (false), or answers a retry with the stored result (true), or refuses it. */
async function claimOrReplay(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<boolean> {
  const given = req.headers[IDEMPOTENCY_KEY_HEADER];
  if (typeof given !== 'string' || !KEY_PATTERN.test(given)) throw fail(400, 'invalid_idempotency_key');
  const claim = { userId: req.user!.id, key: given, requestHash: requestHashOf(req) };
  const outcome = await claimKey(app.ctx.db, claim);
  if ('claimedAt' in outcome) {
    req.idempotencyClaim = { ...claim, claimedAt: outcome.claimedAt };
    return false;
  }
  if (outcome.requestHash !== claim.requestHash) throw fail(422, 'idempotency_key_reused');
  if (outcome.status === null) throw inProgress();
  replay(reply, outcome.status, outcome.body);
  return true;
}

/** A 2xx answer is stored for retries; anything else frees the key. */
async function settle(app: FastifyInstance, req: FastifyRequest, status: number, payload: unknown, claim: Claim) {
  const stored = status >= 200 && status < 300 && typeof payload === 'string';
  try {
    if (stored) await storeAnswer(app.ctx.db, claim, status, payload);
    else await releaseKey(app.ctx.db, claim);
  } catch (err) {
    // the answer still goes out; the claim is taken over after ABANDONED_AFTER
    req.log.error({ err }, 'idempotency key not settled');
  }
}

/** What a key promises to repeat: method, path with its query, and the body (keys in any order). */
export function requestHashOf(req: Pick<FastifyRequest, 'method' | 'url' | 'body'>): string {
  return createHash('sha256')
    .update(`${req.method} ${req.url}\n`)
    .update(canonicalJson(req.body) ?? '')
    .digest('hex');
}

/** JSON with every object's keys sorted, so `{a, b}` and `{b, a}` are the same request. */
function canonicalJson(value: unknown): string | undefined {
  return JSON.stringify(value, (_key, item: unknown) =>
    item !== null && typeof item === 'object' && !Array.isArray(item)
      ? Object.fromEntries(Object.entries(item).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      : item,
  );
}

/**
 * One statement claims a free key, or takes over one expired or abandoned; otherwise the row as
 * it is. On PostgreSQL a second inserter of the same key waits for the first one's insert to
 * commit and then sees it, so exactly one request claims a key however many race.
 */
async function claimKey(db: Executor, claim: Omit<Claim, 'claimedAt'>): Promise<{ claimedAt: string } | Found> {
  // the row can vanish between the two statements (its request failed): claim again
  for (let attempt = 0; attempt < 3; attempt++) {
    const [claimed] = await selectRows<{ claimedAt: string }>(
      db,
      sql`insert into idempotency_keys (user_id, key, request_hash)
          values (${claim.userId}, ${claim.key}, ${claim.requestHash})
          on conflict (user_id, key) do update
            set request_hash = excluded.request_hash, status = null, body = null, created_at = now()
            where idempotency_keys.created_at < now() - ${KEPT_FOR}::interval
               or (idempotency_keys.status is null
                   and idempotency_keys.created_at < now() - ${ABANDONED_AFTER}::interval)
          returning created_at::text as "claimedAt"`,
    );
    if (claimed) return claimed;
    const [found] = await selectRows<Found>(
      db,
      sql`select request_hash as "requestHash", status, body from idempotency_keys
          where user_id = ${claim.userId} and key = ${claim.key}`,
    );
    if (found) return found;
  }
  throw inProgress();
}

/** `claimedAt` (as text, to the microsecond) names this request's claim, not a later takeover. */
const ownClaim = (claim: Claim) =>
  sql`user_id = ${claim.userId} and key = ${claim.key} and status is null
      and created_at = ${claim.claimedAt}::timestamptz`;

async function storeAnswer(db: Executor, claim: Claim, status: number, payload: string) {
  await db.execute(
    sql`update idempotency_keys set status = ${status}, body = ${payload}::jsonb where ${ownClaim(claim)}`,
  );
}

async function releaseKey(db: Executor, claim: Claim) {
  await db.execute(sql`delete from idempotency_keys where ${ownClaim(claim)}`);
}

function replay(reply: FastifyReply, status: number, body: unknown) {
  return reply
    .status(status)
    .header(IDEMPOTENT_REPLAYED_HEADER, 'true')
    .type('application/json; charset=utf-8')
    .send(JSON.stringify(body));
}

/** Stored answers past `KEPT_FOR`, and claims that long unfinished (platform/jobs/cleanups.ts). */
export async function deleteOldIdempotencyKeys(db: Executor) {
  const rows = await selectRows<{ key: string }>(
    db,
    sql`delete from idempotency_keys where created_at < now() - ${KEPT_FOR}::interval returning key`,
  );
  return { idempotencyKeys: rows.length };
}

/** The header's description in the API document (platform/openapi.ts). */
export const IDEMPOTENCY_KEY_DOC = {
  type: 'object',
  properties: {
    [IDEMPOTENCY_KEY_HEADER]: {
      type: 'string',
      minLength: 1,
      maxLength: 255,
      description:
        'Optional. A key you choose (a UUID) for this one write: a retry with the same key and body answers the ' +
        `first 2xx result again (with \`${IDEMPOTENT_REPLAYED_HEADER}: true\`) instead of writing twice; the same ` +
        `key with another body is 422 idempotency_key_reused, and while the first request runs 409 ` +
        `request_in_progress. Kept ${KEPT_FOR}.`,
    },
  },
} as const;
