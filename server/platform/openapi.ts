import type {
  FastifyInstance,
  FastifyPluginAsync,
  FastifySchema,
  FastifyTypeProvider,
  RawServerDefault,
} from 'fastify';
import swagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  ResponseSerializationError,
  serializerCompiler,
} from 'fastify-type-provider-zod';
import { ZodError } from 'zod';
import type { FastifySerializerCompiler } from 'fastify/types/schema';
import { IDEMPOTENCY_KEY_DOC } from './idempotency';

/**
 * The API's OpenAPI document: `GET /api/docs` is the JSON, `GET /api/docs/`
 * the browsable Swagger UI (its assets served from the package: no CDN, the app's CSP unchanged).
 *
 * Every operation has
 * - its request and answer schemas: the routes' zod schemas (`schema.response[200]` from common/),
 *   turned into JSON Schema by fastify-type-provider-zod (schemas given a `.meta({ id })` become
 *   `components.schemas` entries);
 * - an `operationId`: the route's own, or one derived from method and path (`operationIdOf`);
 * - `tags`: the feature that registered it (`featureRoutes` in app.ts);
 * - `security`: the bearer token (`bearerAuth`), required under the signed-in areas and optional
 *   elsewhere (`securityOf`). A route may set any of these itself.
 */
export async function installApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Tend API', version: '0.1.0' },
      components: {
        securitySchemes: {
          bearerAuth: {
            type: 'http',
            scheme: 'bearer',
            description:
              'The session token from POST /api/auth/login (or /api/auth/2fa), ' +
              'sent as `Authorization: Bearer <token>`.',
          },
        },
      },
    },
    transform: describeOperation,
    transformObject: jsonSchemaTransformObject,
  } satisfies FastifyDynamicSwaggerOptions);

  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { deepLinking: true, persistAuthorization: false },
    uiHooks: {
      // Swagger UI answers both `/api/docs` and `/api/docs/`: the bare one stays the JSON
      // document that clients (and earlier releases) read.
      onRequest: async (req, reply) => {
        if (req.url.split('?')[0] === '/api/docs') return reply.send(app.swagger());
      },
    },
  });
}

type TransformInput = Parameters<typeof jsonSchemaTransform>[0];

/** fastify-type-provider-zod's transform (zod -> JSON Schema), then the operation's id and security. */
function describeOperation(input: TransformInput) {
  const out = jsonSchemaTransform(input);
  const schema = out.schema as (FastifySchema & Record<string, unknown>) | undefined;
  if (!schema || schema.hide) return out;
  const method = [input.route.method].flat()[0] ?? 'GET';
  schema.operationId ??= operationIdOf(method, input.url);
  const security = securityOf(input.url);
  if (security && schema.security === undefined) schema.security = security;
  if (input.route.config?.idempotent && schema.headers === undefined) schema.headers = IDEMPOTENCY_KEY_DOC;
  return out;
}

/**
 * A stable camelCase id from method and path: `GET /api/app/inspiration` -> `getAppInspiration`,
 * `POST /api/admin/group/:id` -> `postAdminGroupById`, `GET .../members.csv` -> `...MembersCsv`.
 */
export function operationIdOf(method: string, url: string) {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      if (segment === '*') return ['by', 'path'];
      const param = segment.match(/^[:{]([^}]+)}?$/);
      return param ? ['by', ...wordsOf(param[1]!)] : wordsOf(segment);
    });
  return [method.toLowerCase(), ...words.map((w) => w[0]!.toUpperCase() + w.slice(1))].join('');
}

const wordsOf = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());

/** Areas where every call needs a signed-in session (see server/platform/route-audiences.test.ts). */
const SIGNED_IN_AREAS = ['/api/app', '/api/admin', '/api/test-mode'];

/**
 * The bearer token is read on every API call (features/auth/authenticate.ts): required in the
 * signed-in areas, optional on the rest of the API (`{}`: also without one), none outside it.
 */
export function securityOf(url: string): Array<Record<string, string[]>> | undefined {
  if (SIGNED_IN_AREAS.some((area) => url === area || url.startsWith(`${area}/`))) return [{ bearerAuth: [] }];
  if (url.startsWith('/api/')) return [{ bearerAuth: [] }, {}];
  return undefined;
}

/**
 * A feature's routes, tagged with the feature's name in the API document (a route's own `tags`
 * win). The hook lives in the scope made here, so it sees only this feature's routes.
 */
export function featureRoutes<Provider extends FastifyTypeProvider>(
  tag: string,
  routes: FastifyPluginAsync<Record<never, never>, RawServerDefault, Provider>,
): FastifyPluginAsync {
  return async (scope) => {
    scope.addHook('onRoute', (route) => {
      route.schema = { ...route.schema, tags: route.schema?.tags ?? [tag] };
    });
    await scope.register(routes);
  };
}

/**
 * How answers with a response schema are written - the one place that decides:
 * - development and tests: fastify-type-provider-zod's serializer checks every answer against its
 *   schema (a mismatch is a 500, logged as 'response did not match its schema'), and so does an
 *   answer carrying a field its schema does not list or a value the schema would rewrite: what
 *   the tests see is then exactly what production sends.
 * - production: plain JSON.stringify: no per-answer parse, and a schema slip never turns a
 *   working answer into a 500 for a user.
 */
export function answerSerializer(env: 'development' | 'production' | 'test'): FastifySerializerCompiler<unknown> {
  if (env === 'production') return () => (data) => JSON.stringify(data);
  return (route) => {
    const checked = serializerCompiler(route as Parameters<typeof serializerCompiler>[0]);
    return (data) => {
      const text = checked(data);
      const plain = JSON.stringify(data);
      const difference = firstDifference(JSON.parse(plain ?? 'null'), JSON.parse(text ?? 'null'), []);
      if (difference) {
        throw new ResponseSerializationError(route.method, route.url, {
          cause: new ZodError([
            {
              code: 'custom',
              path: difference.path,
              message:
                `the answer differs from what its schema lets through (${difference.what}): ` +
                'production would send it as is',
              input: data,
            },
          ]),
        });
      }
      return plain;
    };
  };
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Where `sent` (the answer as is) and `checked` (after the schema) first differ, if anywhere. */
function firstDifference(
  sent: Json,
  checked: Json,
  path: (string | number)[],
): { path: (string | number)[]; what: string } | undefined {
  if (Array.isArray(sent) && Array.isArray(checked)) {
    if (sent.length !== checked.length) return { path, what: 'array length' };
    for (let i = 0; i < sent.length; i++) {
      const found = firstDifference(sent[i]!, checked[i]!, [...path, i]);
      if (found) return found;
    }
    return undefined;
  }
  if (isObject(sent) && isObject(checked)) {
    for (const key of Object.keys(sent)) {
      if (!(key in checked)) return { path: [...path, key], what: 'a field the schema does not list' };
      const found = firstDifference(sent[key]!, checked[key]!, [...path, key]);
      if (found) return found;
    }
    for (const key of Object.keys(checked)) {
      if (!(key in sent)) return { path: [...path, key], what: 'a field the schema adds' };
    }
    return undefined;
  }
  return Object.is(sent, checked) ? undefined : { path, what: 'a value the schema rewrites' };
}

const isObject = (v: Json): v is { [key: string]: Json } => typeof v === 'object' && v !== null && !Array.isArray(v);
