/**
 * The shape of a server feature (ARCHITECTURE.md), as code that scripts/code-shape.mjs prints and
 * scripts/architecture.test.ts enforces (with its list of infrastructure features), so the two
 * count the same things.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The parts every server feature has. */
export const FEATURE_PARTS = ['routes', 'policy', 'service', 'queries', 'presenter'];

/** The feature folders under server/features. */
export const featuresIn = (root) =>
  readdirSync(join(root, 'server/features')).filter((name) =>
    statSync(join(root, 'server/features', name)).isDirectory(),
  );

/** A feature's missing parts; a part may be split by area into `<area>-<part>.ts` files (admin/group-routes.ts). */
export function missingParts(root, feature) {
  const files = readdirSync(join(root, 'server/features', feature));
  return FEATURE_PARTS.filter((part) => !files.some((f) => f === `${part}.ts` || f.endsWith(`-${part}.ts`)));
}

/** A feature's route file: routes.ts, or <area>-routes.ts. */
export const isRouteFile = (path) => /^server\/features\/.*(\/|-)routes\.ts$/.test(path);

/** Where a route file touches the database itself: `ctx.db`, any `.db.`, or `db` taken out of the context. */
const DATABASE_USE = /\bctx\.db\b|\.db\.|\{[^}]*\bdb\b[^}]*\}\s*=\s*(?:app\.)?ctx\b/;

/** The lines of `text` that touch the database, as 'line: text'. */
export const databaseUses = (text) =>
  text.split('\n').flatMap((line, i) => (DATABASE_USE.test(line) ? [`${i + 1}: ${line.trim()}`] : []));
