import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../server/test/harness';

/**
 * A client generated from `GET /api/docs` with openapi-typescript has typed
 * answers. The types are generated from the running app's document, then a small usage file is
 * compiled against them with the TypeScript compiler: a right field compiles, a wrong one must not.
 */
const BUILD = 180_000;

let t: TestApp;
let dir: string;
/** the client's types, generated from the app's own document */
let types: string;
beforeAll(async () => {
  t = await startTestApp();
  dir = mkdtempSync(join(tmpdir(), 'tend-api-client-'));
  const doc = (await t.inject({ method: 'GET', url: '/api/docs' })).json();
  types = astToString(await openapiTS(doc, { silent: true }));
}, BUILD);
afterAll(async () => {
  await t?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

function compile(files: Record<string, string>) {
  const names = Object.entries(files).map(([name, text]) => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  });
  const program = ts.createProgram(names, {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
}

describe('the generated API client', () => {
  it(
    "types GET app/inspiration's answer down to posts[].user.name",
    async () => {
      const usage = `import type { operations, paths } from './api';

type Inspiration = paths['/api/app/inspiration']['get']['responses']['200']['content']['application/json'];
declare const feed: Inspiration;
export const name: string = feed.posts[0]!.user.name;
// @ts-expect-error: no such field in the answer
export const wrong: string = feed.posts[0]!.user.nmae;
// @ts-expect-error: a name is text, not a number
export const notANumber: number = feed.posts[0]!.user.name;

// the same answer reached through its operationId
type ByOperation = operations['getAppInspiration']['responses']['200']['content']['application/json'];
export const same: Inspiration = {} as ByOperation;
`;
      expect(compile({ 'api.ts': types, 'usage.ts': usage })).toEqual([]);
    },
    BUILD,
  );

  it(
    'fails to compile when the usage is wrong (the check above can fail)',
    async () => {
      const usage = `import type { paths } from './api';
type Inspiration = paths['/api/app/inspiration']['get']['responses']['200']['content']['application/json'];
declare const feed: Inspiration;
export const wrong: string = feed.posts[0]!.user.nmae;
`;
      const errors = compile({ 'api.ts': types, 'wrong.ts': usage });
      expect(errors.join('\n')).toContain("Property 'nmae' does not exist");
    },
    BUILD,
  );
});
