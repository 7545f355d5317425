import { API, API_DOCS_PATH, OPENAPI_PATH } from '@rebound/contract/routes';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/harness';
import { HTTP_METHODS, type OpenApiDocument } from './openapi-page';

// The OpenAPI document (docs/decisions/030): made from the routes the app registered, so every API
// route is in it, with the contract's request and response shapes; /api/docs renders it as HTML.

const t = useTestApp();

// Written out again on purpose: the document leaves out only these (dev and test helpers), plus
// what is not API at all (web pages, the web app's files, media). A route hidden from the document,
// or a prefix added to its exceptions, fails the coverage test below.
const NOT_DOCUMENTED = ['/api/dev/', '/api/test/'];
const OPERATIONAL = ['/ws', '/healthz', '/readyz', '/metrics'];

const asOpenapiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{path}');

/** Every registered API operation, as 'METHOD /path/{param}' (HEAD is Fastify's copy of GET). */
function registeredOperations(): string[] {
  const out = new Set<string>();
  for (const r of t.app.routeTable) {
    if (r.method === 'HEAD' || r.method === 'OPTIONS') continue;
    const api = r.url.startsWith('/api/') && !NOT_DOCUMENTED.some((p) => r.url.startsWith(p));
    if (!api && !OPERATIONAL.includes(r.url)) continue;
    out.add(`${r.method} ${asOpenapiPath(r.url)}`);
  }
  return [...out].sort();
}

function documentedOperations(doc: OpenApiDocument): string[] {
  const out: string[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const method of HTTP_METHODS) if (item[method]) out.push(`${method.toUpperCase()} ${path}`);
  }
  return out.sort();
}

/** What the coverage test compares: registered operations the document lacks, and the reverse. */
function coverage(doc: OpenApiDocument) {
  const registered = registeredOperations();
  const documented = documentedOperations(doc);
  return {
    missing: registered.filter((op) => !documented.includes(op)),
    unknown: documented.filter((op) => !registered.includes(op)),
  };
}

async function getDocument(): Promise<OpenApiDocument> {
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('application/json');
  return res.json() as OpenApiDocument;
}

const op = (doc: OpenApiDocument, method: (typeof HTTP_METHODS)[number], path: string) => {
  const found = doc.paths[path]?.[method];
  if (!found) throw new Error(`${method.toUpperCase()} ${path} is not in the document`);
  return found;
};

describe('the OpenAPI document', () => {
  it('is an OpenAPI 3.1 document about this API', async () => {
    const doc = await getDocument();
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('Rebound API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(doc.servers).toEqual([{ url: t.config.publicUrl }]);
    expect(doc.components?.securitySchemes?.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'rebound.session_token' }),
    );
    const tagNames = (doc.tags ?? []).map((tag) => tag.name);
    expect(tagNames).toContain('Back-office (staff only)');

    // The shape rules a generator or validator relies on, for every operation.
    const problems: string[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      if (!path.startsWith('/')) problems.push(`${path}: not absolute`);
      if (/[:*]/.test(path)) problems.push(`${path}: Fastify syntax left in the path`);
      for (const key of Object.keys(item)) {
        if (!(HTTP_METHODS as readonly string[]).includes(key)) problems.push(`${path}: unexpected ${key}`);
      }
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);
      for (const method of HTTP_METHODS) {
        const o = item[method];
        if (!o) continue;
        const where = `${method.toUpperCase()} ${path}`;
        if (!o.summary) problems.push(`${where}: no summary`);
        if (!o.tags?.length || !tagNames.includes(o.tags[0]!)) problems.push(`${where}: tag ${o.tags}`);
        if (!o.responses || Object.keys(o.responses).length === 0) problems.push(`${where}: no responses`);
        for (const [code, r] of Object.entries(o.responses ?? {})) {
          if (!/^[1-5](\d\d|XX)$|^default$/.test(code)) problems.push(`${where}: status ${code}`);
          if (typeof r.description !== 'string' || r.description === 'Default Response')
            problems.push(`${where}: ${code} has no description`);
        }
        const pathParams = (o.parameters ?? []).filter((p) => p.in === 'path');
        for (const name of templated) {
          const p = pathParams.find((q) => q.name === name);
          if (p?.required !== true) problems.push(`${where}: path parameter ${name} not declared`);
        }
        for (const p of pathParams) {
          if (!templated.includes(p.name)) problems.push(`${where}: parameter ${p.name} not in the path`);
        }
        for (const s of o.security ?? []) {
          for (const name of Object.keys(s)) {
            if (!doc.components?.securitySchemes?.[name]) problems.push(`${where}: security ${name}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('has every registered API route, and nothing else', async () => {
    const doc = await getDocument();
    const registered = registeredOperations();
    // The list means something: routes of many modules, the admin ones among them.
    expect(registered.length).toBeGreaterThan(100);
    expect(registered).toEqual(
      expect.arrayContaining([
        `POST ${asOpenapiPath(API.auctionBidsPattern)}`,
        `GET ${API.adminAudit}`,
        `GET ${API.shop}`,
        'GET /ws',
        `GET ${OPENAPI_PATH}`,
      ]),
    );
    expect(coverage(doc)).toEqual({ missing: [], unknown: [] });
  });

  it('the coverage check fails when a route is missing from the document', async () => {
    const doc = await getDocument();
    const bids = asOpenapiPath(API.auctionBidsPattern);
    const { post: _dropped, ...rest } = doc.paths[bids]!;
    const without = { ...doc, paths: { ...doc.paths, [bids]: rest } };
    expect(coverage(without).missing).toEqual([`POST ${bids}`]);
    const extra = { ...doc, paths: { ...doc.paths, '/api/nowhere': { get: { summary: 'x' } } } };
    expect(coverage(extra).unknown).toEqual(['GET /api/nowhere']);
  });

  it('leaves out the dev and test helpers, which are registered', async () => {
    const doc = await getDocument();
    expect(t.app.routeTable.some((r) => r.url === API.testClock)).toBe(true);
    expect(
      Object.keys(doc.paths).filter((p) => p.startsWith('/api/test') || p.startsWith('/api/dev')),
    ).toEqual([]);
    // Web pages and files are not API.
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith('/api/') && !OPERATIONAL.includes(p))).toEqual(
      [],
    );
  });

  it('describes requests with the contract’s schemas', async () => {
    const doc = await getDocument();
    const bid = op(doc, 'post', asOpenapiPath(API.auctionBidsPattern));
    expect(bid.tags).toEqual(['Auctions and bidding']);
    expect(bid.security).toEqual([{ session: [] }]);
    const body = bid.requestBody?.content?.['application/json']?.schema;
    expect(body?.required).toEqual(['amount']);
    expect(body?.properties?.amount?.anyOf?.map((s) => s.type)).toEqual(['string', 'number']);
    expect(bid.parameters?.map((p) => `${p.in} ${p.name}`)).toEqual(
      expect.arrayContaining(['path id', 'header idempotency-key']),
    );
    expect(bid.responses?.['200']?.content?.['application/json']?.schema?.type).toBe('object');
    expect(bid.responses?.['200']?.description).toBe('OK');
    const refusal = bid.responses?.['4XX']?.content?.['application/json']?.schema;
    expect(refusal?.required).toEqual(['error']);
    expect(Object.keys(refusal?.properties?.error?.properties ?? {})).toEqual(['code', 'message', 'details']);

    const shop = op(doc, 'get', API.shop);
    expect(shop.security).toBeUndefined();
    const page = shop.parameters?.find((p) => p.in === 'query' && p.name === 'page');
    expect(page?.schema).toEqual(expect.objectContaining({ type: 'integer', minimum: 1, default: 1 }));
    expect(shop.parameters?.map((p) => p.name)).toEqual(expect.arrayContaining(['category', 'sort']));

    const signIn = op(doc, 'post', API.authSignIn);
    expect(Object.keys(signIn.requestBody?.content?.['application/json']?.schema?.properties ?? {})).toEqual(
      expect.arrayContaining(['email', 'password']),
    );
  });

  it('tags the back-office as staff only, with the session cookie', async () => {
    const doc = await getDocument();
    const admin = documentedOperations(doc).filter((o) => o.split(' ')[1]!.startsWith('/api/admin/'));
    expect(admin.length).toBeGreaterThan(30);
    for (const o of admin) {
      const [method, path] = o.split(' ') as [string, string];
      const operation = op(doc, method.toLowerCase() as 'get', path);
      expect({ o, tags: operation.tags, security: operation.security }).toEqual({
        o,
        tags: ['Back-office (staff only)'],
        security: [{ session: [] }],
      });
    }
  });

  it('still describes routes that have no zod schema', async () => {
    const doc = await getDocument();
    const metrics = op(doc, 'get', '/metrics');
    expect(metrics.summary).toBe('Prometheus metrics');
    expect(Object.keys(metrics.responses?.['200']?.content ?? {})).toEqual(['text/plain']);
    const links = op(doc, 'get', '/api/auth/{path}');
    expect(links.parameters).toEqual([expect.objectContaining({ in: 'path', name: 'path', required: true })]);
    const webhook = op(doc, 'post', API.stripeWebhook);
    expect(webhook.summary).toMatch(/Payment provider/);
  });
});

describe('the API reference page', () => {
  it('answers HTML listing every operation, with no script', async () => {
    const doc = await getDocument();
    const res = await t.app.inject({ method: 'GET', url: API_DOCS_PATH });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(String(res.headers['content-security-policy'])).toContain("default-src 'self'");
    const html = res.body;
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('<h1>Rebound API');
    expect(html).not.toContain('<script');
    expect(html).toContain(`href="${OPENAPI_PATH}"`);
    const operations = documentedOperations(doc);
    expect(html.match(/<section class="op"/g)?.length).toBe(operations.length);
    expect(html).toContain(`<code class="path">${asOpenapiPath(API.auctionBidsPattern)}</code>`);
    expect(html).toContain('Back-office (staff only)');
    expect(html).toContain('<code>amount</code> <span class="req">required</span>');
  });
});
