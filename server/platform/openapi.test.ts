import Fastify from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestApp, type TestApp } from '../test/harness';
import { installErrorHandling } from './app-errors';
import { answerSerializer, featureRoutes, installApiDocs, operationIdOf, securityOf } from './openapi';

type Operation = {
  operationId?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { schema: Record<string, unknown> }> }>;
};
type Document = {
  components: { securitySchemes?: Record<string, { type: string; scheme?: string }> };
  paths: Record<string, Record<string, Operation>>;
};

describe('operationIdOf', () => {
  it('derives a stable camelCase id from method and path', () => {
    expect(operationIdOf('GET', '/api/app/inspiration')).toBe('getAppInspiration');
    expect(operationIdOf('POST', '/api/admin/group/:id')).toBe('postAdminGroupById');
    expect(operationIdOf('DELETE', '/api/admin/facilitator/:id/tiers/:tierId')).toBe(
      'deleteAdminFacilitatorByIdTiersByTierId',
    );
    expect(operationIdOf('GET', '/api/app/facilitator/members.csv')).toBe('getAppFacilitatorMembersCsv');
    expect(operationIdOf('POST', '/api/app/sessions/sign-out-others')).toBe('postAppSessionsSignOutOthers');
    expect(operationIdOf('GET', '/api/app')).toBe('getApp');
    expect(operationIdOf('GET', '/images/*')).toBe('getImagesByPath');
  });

  it('asks for the bearer token in the signed-in areas, offers it on the rest of the API', () => {
    expect(securityOf('/api/app/profile')).toEqual([{ bearerAuth: [] }]);
    expect(securityOf('/api/admin/user/:id')).toEqual([{ bearerAuth: [] }]);
    expect(securityOf('/api/auth/login')).toEqual([{ bearerAuth: [] }, {}]);
    expect(securityOf('/healthz')).toBeUndefined();
  });
});

describe('answers with a response schema', () => {
  const Answer = z.object({ name: z.string(), count: z.number() });
  const routes =
    (answer: unknown): FastifyPluginAsyncZod =>
    async (app) => {
      app.get('/thing', { schema: { response: { 200: Answer } } }, async () => answer as z.infer<typeof Answer>);
    };
  async function serve(env: 'test' | 'production', answer: unknown) {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializer(env));
    installErrorHandling(app, { spaFallback: () => false });
    await app.register(routes(answer));
    const res = await app.inject({ method: 'GET', url: '/thing' });
    await app.close();
    return res;
  }

  it('are sent as they are when they match', async () => {
    for (const env of ['test', 'production'] as const) {
      const res = await serve(env, { name: 'Ann', count: 2 });
      expect([res.statusCode, res.json()]).toEqual([200, { name: 'Ann', count: 2 }]);
    }
  });

  it('fail in tests and development when they do not match; production sends them anyway', async () => {
    const wrongType = { name: 'Ann', count: '2' };
    expect((await serve('test', wrongType)).statusCode).toBe(500);
    const sent = await serve('production', wrongType);
    expect([sent.statusCode, sent.json()]).toEqual([200, wrongType]);
  });

  it('fail in tests when they carry a field the schema does not list (production would send it)', async () => {
    const extra = { name: 'Ann', count: 2, passwordHash: 'x' };
    expect((await serve('test', extra)).statusCode).toBe(500);
    expect((await serve('production', extra)).json()).toEqual(extra);
  });
});

describe('the document of a feature', () => {
  it("describes a route's answer, its feature, its id and its security", async () => {
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(answerSerializer('test'));
    await installApiDocs(app);
    const things: FastifyPluginAsyncZod = async (scope) => {
      scope.get(
        '/api/app/thing/:id',
        { schema: { params: z.object({ id: z.string() }), response: { 200: z.object({ name: z.string() }) } } },
        async () => ({ name: 'x' }),
      );
      scope.get('/api/app/own', { schema: { tags: ['own'], operationId: 'myOwnId' } }, async () => ({}));
    };
    await app.register(featureRoutes('things', things));
    await app.ready();
    const doc: Document = (await app.inject({ method: 'GET', url: '/api/docs' })).json();
    await app.close();
    expect(doc.paths['/api/app/thing/{id}']?.get).toMatchObject({
      operationId: 'getAppThingById',
      tags: ['things'],
      security: [{ bearerAuth: [] }],
      responses: {
        200: {
          content: {
            'application/json': {
              schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
            },
          },
        },
      },
    });
    expect(doc.paths['/api/app/own']?.get).toMatchObject({ operationId: 'myOwnId', tags: ['own'] });
  });
});

describe('the API document', () => {
  let t: TestApp;
  let doc: Document;
  let operations: [string, Operation][];
  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.inject({ method: 'GET', url: '/api/docs' });
    expect(res.headers['content-type']).toContain('application/json');
    doc = res.json();
    operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]): [string, Operation] => [`${method.toUpperCase()} ${path}`, op]),
    );
  });
  afterAll(() => t?.close());

  it('gives every operation a unique operationId and its feature as tag', () => {
    const ids = operations.map(([, op]) => op.operationId);
    expect(operations.filter(([, op]) => !op.operationId).map(([route]) => route)).toEqual([]);
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
    expect(operations.filter(([, op]) => !op.tags?.length).map(([route]) => route)).toEqual([]);
    expect(doc.paths['/api/admin/group/{id}']?.post?.operationId).toBe('postAdminGroupById');
    expect(doc.paths['/api/admin/group/{id}']?.post?.tags).toEqual(['admin']);
    expect(doc.paths['/api/app/group/{id}']?.get?.tags).toEqual(['groups']);
  });

  it('declares the bearer scheme and requires it in the signed-in areas', () => {
    expect(doc.components.securitySchemes?.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer' });
    const open = operations.filter(
      ([route, op]) => /^\w+ \/api\/(app|admin)\b/.test(route) && JSON.stringify(op.security) !== '[{"bearerAuth":[]}]',
    );
    expect(open.map(([route]) => route)).toEqual([]);
  });

  it('serves Swagger UI at /api/docs/ from its own assets (no CDN), under the app CSP', async () => {
    const page = await t.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).not.toMatch(/(src|href)="(https?:)?\/\//);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(String(page.headers['content-security-policy'])).not.toContain('unsafe-inline');
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
    expect(assets).toEqual(expect.arrayContaining(['static/swagger-ui-bundle.js', 'static/swagger-initializer.js']));
    for (const asset of assets) {
      const res = await t.inject({ method: 'GET', url: `/api/docs/${asset}` });
      expect([asset, res.statusCode]).toEqual([asset, 200]);
    }
    const init = await t.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(init.body).toContain("resolveUrl('./json')");
    expect((await t.inject({ method: 'GET', url: '/api/docs/json' })).json()).toEqual(doc);
  });
});
