import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { isErrorCode } from '../../common/errors';
import { selectRows } from '../db/client';
import { buildAdmin, buildFacilitator, buildUser } from '../test/factories';
import { startTestApp, type TestApp } from '../test/harness';

/**
 * Property-based fuzzing of every route: fast-check makes bodies and query strings
 * from the shapes people and attackers send (wrong types, huge and empty strings, NUL, unpaired
 * surrogates, deep nesting, prototype keys), sent as a visitor, a member, a facilitator and an
 * admin. No answer may be a 5xx, and a refused request (4xx) may write nothing. Bounded: a fixed
 * seed and a few samples per route and role, so it runs in seconds inside `npm test` (on PGlite,
 * and on PostgreSQL when TEST_DATABASE_URL is set).
 */
const SAMPLES = 2;
const SEED = 20261124;

let t: TestApp;
let routes: string[];
let tokens: (string | undefined)[];
beforeAll(async () => {
  t = await startTestApp({ rateLimitFactor: 1000 });
  const doc = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths)
    .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    // signing out would end the session the next requests use; deleting the account likewise
    .filter(
      (r) =>
        !['POST /api/auth/logout', 'POST /api/app/account/delete', 'POST /api/app/sessions/sign-out-others'].includes(
          r,
        ),
    );
  tokens = [
    undefined,
    (await buildUser(t.db)).token,
    (await buildFacilitator(t.db)).token,
    (await buildAdmin(t.db)).token,
  ];
});
afterAll(() => t.close());

const nasty = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\ud800',
    'a\udc00b',
    '🌅',
    '%00',
    "'; drop table users; --",
    '<script>alert(1)</script>',
    '../../etc/passwd',
    '__proto__',
    'null',
    'x'.repeat(5000),
  ),
  fc.uuid().map(String),
);
const scalar = fc.oneof(nasty, fc.integer(), fc.double(), fc.boolean(), fc.constant(null));
const value = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('node'), { maxLength: 4 }),
    fc.dictionary(nasty, tie('node'), { maxKeys: 4 }),
  ),
})).node;
const body = fc.oneof(
  fc.dictionary(
    fc.constantFrom(
      'text',
      'name',
      'email',
      'price',
      'user',
      'token',
      'id',
      'sub',
      'group',
      'commentText',
      'tierId',
      'sessionId',
      '__proto__',
      'constructor',
    ),
    value,
    { maxKeys: 6 },
  ),
  value,
);
const query = fc.dictionary(
  fc.constantFrom('search', 'cursor', 'limit', 'period', 'rd', 'tz', 'tierId', 'sort', 'after', 'q'),
  nasty,
  { maxKeys: 3 },
);

/** Rows in the tables a refused write could touch: one statement. */
async function rowCounts() {
  const rows = await selectRows<{ n: string | number }>(
    t.db,
    sql`select
    (select count(*) from posts) + (select count(*) from comments) + (select count(*) from messages)
    + (select count(*) from tiers) + (select count(*) from content) + (select count(*) from groups)
    + (select count(*) from memberships) + (select count(*) from subscriptions) + (select count(*) from sessions)
    + (select count(*) from tags) + (select count(*) from audit_log) + (select count(*) from users) as n`,
  );
  return Number(rows[0]!.n);
}

const urlOf = (path: string, q: Record<string, string>) => {
  const filled = path
    .replace('{fileKey}', `${randomUUID()}.mp3`)
    .replace('{path}', `${randomUUID()}.png`)
    .replace(/\{[^}]+\}/g, () => randomUUID());
  const search = new URLSearchParams(q).toString();
  return search ? `${filled}?${search}` : filled;
};

/** Every refusal is `{ error: <snake_case code>, message: <text> }` (common/errors.ts). */
function isErrorAnswer(res: { headers: Record<string, unknown>; json: () => unknown }) {
  if (!String(res.headers['content-type'] ?? '').includes('json')) return false;
  const body = res.json() as { error?: unknown; message?: unknown };
  return isErrorCode(body.error) && typeof body.message === 'string' && body.message.length > 0;
}

describe('fuzzing every route', () => {
  it('never answers 5xx, refuses with the one error protocol, and a refused request writes nothing', async () => {
    const problems: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      for (const token of tokens) {
        const samples = fc.sample(fc.tuple(body, query), { numRuns: SAMPLES, seed: SEED + sent });
        for (const [payload, q] of samples) {
          const before = method === 'GET' ? 0 : await rowCounts();
          const res = await t.app.inject({
            method: method as 'POST',
            url: urlOf(path, q),
            headers: {
              ...(token ? { authorization: `Bearer ${token}` } : {}),
              ...(method === 'GET' ? {} : { 'content-type': 'application/json' }),
            },
            ...(method === 'GET' ? {} : { payload: JSON.stringify(payload) }),
          });
          sent++;
          if (res.statusCode >= 500)
            problems.push(
              `${route} ${JSON.stringify(payload).slice(0, 120)} -> ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          if (res.statusCode >= 400 && !isErrorAnswer(res))
            problems.push(
              `${route} -> ${res.statusCode} answered ${res.body.slice(0, 120)}, not { error: code, message }`,
            );
          if (method !== 'GET' && res.statusCode >= 400 && (await rowCounts()) !== before)
            problems.push(`${route} refused (${res.statusCode}) but wrote`);
        }
      }
    }
    expect(problems).toEqual([]);
    expect(sent).toBeGreaterThan(routes.length * tokens.length);
  }, 240_000);
});
