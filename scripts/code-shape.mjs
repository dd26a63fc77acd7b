/**
 * Prints the figures of the code's shape, so a reviewer can run them again:
 * `node scripts/code-shape.mjs`. Production code is server/, web/ and common/ without tests.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { databaseUses, featuresIn, isRouteFile, missingParts } from './feature-shape.mjs';

const tracked = execFileSync('git', ['ls-files'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const isTest = (f) => /\.test\.tsx?$/.test(f) || f.startsWith('server/test/') || f.includes('/testing/');
const production = tracked.filter((f) => /^(server|web|common)\/.*\.tsx?$/.test(f) && !isTest(f));
const source = tracked.filter((f) => /\.(ts|tsx|mjs)$/.test(f) && !f.startsWith('server/db/migrations/'));
const text = (f) => readFileSync(f, 'utf8');
const count = (files, re) => files.reduce((n, f) => n + (text(f).match(re)?.length ?? 0), 0);

const routeFiles = production.filter(isRouteFile);
/** A query built on a database handle (`ctx.db.select(...)`), or a function handed one (`findTier(ctx.db, id)`). */
const BUILT =
  /\b(?:db|tx|ctx\.db|app\.ctx\.db)\s*\.\s*(?:select|selectDistinct|insert|update|delete|execute|query|transaction)\b/;
const HANDED = /\b\w+\(\s*(?:app\.)?ctx\.(?:db|database)\b/;
const QUERY = new RegExp(`${BUILT.source}|${HANDED.source}`, 'g');
const features = featuresIn('.');
const complete = features.filter((f) => missingParts('.', f).length === 0);
const lines = source.flatMap((f) => text(f).split('\n'));
const productionLines = production.flatMap((f) => text(f).split('\n'));

const figures = {
  '`as unknown as` in production code': count(production, /as unknown as/g),
  '`as never` in production code': count(production, /as never\b/g),
  'route files': routeFiles.length,
  'query sites in route files': count(routeFiles, QUERY),
  'route files with query sites': routeFiles.filter((f) => text(f).match(QUERY)).length,
  'route files mentioning ctx.db': routeFiles.filter((f) => databaseUses(text(f)).length > 0).length,
  'server features with routes, policy, service, queries, presenter': `${complete.length} / ${features.length}`,
  'policy.ts files / server features': `${tracked.filter((f) => /^server\/features\/[^/]+\/policy\.ts$/.test(f)).length} / ${
    new Set(tracked.filter((f) => f.startsWith('server/features/')).map((f) => f.split('/')[2])).size
  }`,
  'policy.test.ts files': tracked.filter((f) => /^server\/features\/[^/]+\/policy\.test\.ts$/.test(f)).length,
  'production files over 300 lines': production.filter((f) => text(f).trimEnd().split('\n').length > 300).length,
  'production lines over 120 characters': productionLines.filter((l) => l.length > 120).length,
  'files over 300 lines (tests and scripts too)': source.filter((f) => text(f).trimEnd().split('\n').length > 300)
    .length,
  'lines over 120 characters (tests and scripts too)': lines.filter((l) => l.length > 120).length,
  'lines over 160 characters (tests and scripts too)': lines.filter((l) => l.length > 160).length,
};
for (const [name, value] of Object.entries(figures)) console.log(`${String(value).padStart(8)}  ${name}`);
const lacking = features.filter((f) => !complete.includes(f));
for (const f of lacking) console.log(`          ${f} lacks ${missingParts('.', f).join(', ')}`);
