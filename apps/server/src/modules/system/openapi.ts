import { readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import swagger, { type SwaggerTransform, type SwaggerTransformObject } from '@fastify/swagger';
import { ErrorBody } from '@rebound/contract/common';
import { API_DOCS_PATH, OPENAPI_PATH, WS_PATH } from '@rebound/contract/routes';
import type { FastifyInstance, FastifySchema } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generatedSummary, NON_JSON, needsSession, SUMMARIES, TAGS, tagOf } from './openapi-catalogue';
import { type OpenApiDocument, renderReference } from './openapi-page';

// The API's OpenAPI 3.1 document (docs/decisions/030-openapi-and-docs.md), made by
// @fastify/swagger from the routes as they are registered: request and response shapes come from
// the contract's zod schemas (fastify-type-provider-zod's transform), tags, summaries and the
// session requirement from openapi-catalogue.ts. Served at /api/openapi.json, and as a readable
// page at /api/docs (server-rendered, no script: the CSP allows 'self' only).

/** Paths outside /api that are part of the API: the socket and the operations endpoints. */
export const OPERATIONAL_PATHS: readonly string[] = [WS_PATH, '/healthz', '/readyz', '/metrics'];

/** API paths the document leaves out on purpose, and why (the test lists them again). */
export const UNDOCUMENTED_API = [
  { prefix: '/api/dev', why: 'the development mailbox: loopback only, never in production' },
  { prefix: '/api/test', why: 'the test clock: test mode only, never in production' },
] as const;

const under = (url: string, prefix: string) => url === prefix || url.startsWith(`${prefix}/`);

/**
 * Whether a registered route belongs in the document: everything under /api (but the dev and test
 * helpers) and the operational paths. Web pages, the web app's files, product media and the test
 * checkout page are not API.
 */
export function isDocumented(url: string): boolean {
  if (UNDOCUMENTED_API.some(({ prefix }) => under(url, prefix))) return false;
  return url.startsWith('/api/') || OPERATIONAL_PATHS.includes(url);
}

/** Fastify's path ('/a/:id', '/a/*') as the document writes it ('/a/{id}', '/a/{path}'). */
export function openapiPath(url: string): string {
  return url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');
}

/** The server package's version, found by walking up from this file (works from src or a build). */
function serverVersion(): string {
  let dir = new URL('.', import.meta.url);
  for (let i = 0; i < 6; i++) {
    try {
      const pkg = JSON.parse(readFileSync(new URL('package.json', dir), 'utf8')) as {
        name?: string;
        version?: string;
      };
      if (pkg.name === '@rebound/server' && pkg.version) return pkg.version;
    } catch {}
    dir = new URL('..', dir);
  }
  return '0.0.0';
}

/** Every API refusal has this shape (lib/error-handler.ts; codes and texts in contract errors.ts). */
const REFUSAL = (() => {
  const { $schema: _, ...schema } = z.toJSONSchema(ErrorBody, { target: 'draft-2020-12' });
  return {
    ...schema,
    description: 'Refused: bad input, not signed in, not allowed, not found, conflict or too many requests',
  };
})();

/** Operations without the JSON error body: the socket and the operations endpoints. */
const NO_REFUSAL_BODY = new Set(OPERATIONAL_PATHS);

type DocSchema = FastifySchema & {
  hide?: boolean;
  tags?: string[];
  summary?: string;
  security?: Record<string, string[]>[];
};

/** Zod schemas to JSON Schema, then this API's tags, summaries and session requirement. */
const transform: SwaggerTransform = (input) => {
  const { route } = input;
  const url = route.url;
  if (!isDocumented(url)) return { schema: { hide: true } as DocSchema, url };
  const method = String(Array.isArray(route.method) ? route.method[0] : route.method);
  const key = `${method} ${url}`;
  // @fastify/websocket hides its routes from swagger; the socket is part of this API.
  const given = url === WS_PATH && input.schema ? { ...input.schema, hide: false } : input.schema;
  const base = given ? jsonSchemaTransform({ ...input, schema: given }) : { schema: {}, url };
  const schema: DocSchema = { ...(base.schema as DocSchema) };
  schema.tags = [tagOf(url)];
  schema.summary ??= SUMMARIES[key] ?? generatedSummary(method, url);
  if (needsSession(method, url)) schema.security = [{ session: [] }];
  const other = NON_JSON[key];
  if (other) {
    schema.response = {
      [other.status ?? 200]: {
        description: other.description,
        content: { [other.type]: { schema: { type: 'string' } } },
      },
      ...(schema.response as object | undefined),
    };
  } else if (!schema.response) {
    schema.response = { 200: { description: 'OK', type: 'object', additionalProperties: true } };
  }
  const responses = schema.response as Record<string, unknown>;
  if (!NO_REFUSAL_BODY.has(url) && !Object.keys(responses).some((code) => code.startsWith('4'))) {
    schema.response = { ...responses, '4XX': REFUSAL };
  }
  return { schema, url: url.replace(/\*$/, '{path}') };
};

/** Zod's registered schemas, then HTTP's own words where a response has no description. */
const withStatusTexts: SwaggerTransformObject = (input) => {
  const doc = jsonSchemaTransformObject(input) as unknown as OpenApiDocument;
  for (const item of Object.values(doc.paths ?? {})) {
    for (const operation of Object.values(item)) {
      for (const [code, response] of Object.entries(operation.responses ?? {})) {
        if (response.description === 'Default Response')
          response.description = STATUS_CODES[code] ?? 'Answer';
      }
    }
  }
  return doc as unknown as ReturnType<SwaggerTransformObject>;
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The OpenAPI document, built once after the app is ready. */
    openapiDocument(): OpenApiDocument;
  }
}

/**
 * Registered in app.ts before any route: @fastify/swagger collects routes with an onRoute hook,
 * so it only sees the routes registered after it.
 */
export const openapiPlugin = fp(
  async (app: FastifyInstance) => {
    const { config } = app.deps;
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Rebound API',
          version: serverVersion(),
          description:
            'Online auctions of returned goods and overstock, with pickup in British Columbia. ' +
            'Amounts are integer cents (CAD); times are ISO 8601 in UTC. Errors answer ' +
            '`{ "error": { "code", "message" } }`. Requests that change something from a browser ' +
            'are sent with the session cookie set by sign-in.',
        },
        servers: [{ url: config.publicUrl }],
        tags: TAGS.map((t) => ({ name: t.name, description: t.description })),
        components: {
          securitySchemes: {
            session: {
              type: 'apiKey',
              in: 'cookie',
              name: 'rebound.session_token',
              description:
                'The session cookie set by sign-in (named __Secure-rebound.session_token over https).',
            },
          },
        },
      },
      transform,
      transformObject: withStatusTexts,
    });
    let cached: OpenApiDocument | undefined;
    app.decorate('openapiDocument', () => {
      cached ??= app.swagger() as unknown as OpenApiDocument;
      return cached;
    });
  },
  { name: 'rebound-openapi' },
);

/** The document and the reference page (registered with the other routes). */
export async function openapiRoutes(app: FastifyInstance) {
  let page: string | undefined;
  app.get(OPENAPI_PATH, async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(app.openapiDocument()),
  );
  app.get(API_DOCS_PATH, async (_request, reply) => {
    page ??= renderReference(app.openapiDocument(), OPENAPI_PATH);
    return reply.type('text/html; charset=utf-8').header('cache-control', 'public, max-age=300').send(page);
  });
}
