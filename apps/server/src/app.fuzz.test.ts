import { API } from '@rebound/contract/routes';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../test/auth';
import { makeAuction, makeLocation } from '../test/factories';
import { createTestApp, type TestApp } from '../test/harness';

// "No request, however malformed, gets a 500": random methods, paths (every API path of the contract,
// with made-up ids and slugs), query strings, bodies and headers, signed in and out. Every answer is
// below 500, and every refusal carries a message.

let t: TestApp;
let shopper: SignedInUser;
let auctionId: string;
let slug: string;
beforeAll(async () => {
  t = await createTestApp();
  const location = await makeLocation(t.db);
  const made = await makeAuction(t.db, { now: t.clock.now(), locationId: location.id });
  auctionId = made.auction.id;
  slug = made.product.slug;
  shopper = await signedInUser(t);
});
afterAll(async () => {
  await t?.close();
});

/** More runs locally: FUZZ_RUNS=5000 npx vitest run --project medium apps/server/src/app.fuzz.test.ts */
const RUNS = Number(process.env.FUZZ_RUNS ?? 300);

// Sign-out would end the shopper's session half-way; it is fuzzed signed out only.
const SIGNED_IN_SKIP: ReadonlySet<string> = new Set([API.authSignOut]);

const entries: unknown[] = Object.values(API);
const fixedPaths = entries.filter((v): v is string => typeof v === 'string' && !v.includes(':'));
const paramPaths = entries.filter((v): v is (id: string) => string => typeof v === 'function');

// Any text at all, NUL and lone surrogates included.
const anyText = (maxLength: number) => fc.string({ maxLength, unit: 'binary' });

const segment = fc.oneof(
  fc.string({ maxLength: 40 }),
  anyText(40),
  fc.uuid(),
  fc.constantFrom('', '%', '%ZZ', '..', '0', '-1', 'null', 'undefined', '\u0000', 'a'.repeat(300)),
  fc.constant('__real_auction__'),
  fc.constant('__real_slug__'),
);

const path = fc.oneof(
  fc.constantFrom(...fixedPaths),
  fc.tuple(fc.constantFrom(...paramPaths), segment).map(([make, s]) => make(s)),
  // Raw, unencoded tails on the API and the auth handler's own paths.
  fc
    .tuple(
      fc.constantFrom(
        '/api/',
        '/api/auctions/',
        '/api/products/',
        '/api/auth/',
        '/api/auth/reset-password/',
        '/product/',
      ),
      fc.constantFrom('abc', '%E0%A4%A', '%00', '..%2F..%2Fetc', 'x?y=%', '\u00e9'),
    )
    .map(([a, b]) => a + b),
);

const queryValue = fc.oneof(
  fc.string({ maxLength: 30 }),
  anyText(30),
  fc.constantFrom('\u0000', 'a\u0000b', '\ud800'),
  fc.constantFrom('-1', '1e309', 'NaN', '99999999999', '%ZZ', 'all', 'winning', 'ending', 'like_new'),
);
const query = fc.dictionary(
  fc.constantFrom(
    'page',
    'filter',
    'sort',
    'q',
    'minPrice',
    'maxPrice',
    'category',
    'condition',
    'token',
    'x',
  ),
  queryValue,
  { maxKeys: 4 },
);

const body = fc.oneof(
  fc.constant(undefined),
  fc.jsonValue({ maxDepth: 3 }).map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc
    .record({
      amount: fc.oneof(fc.string({ maxLength: 20 }), fc.double(), fc.integer()),
      email: fc.oneof(fc.string({ maxLength: 40 }), fc.emailAddress(), fc.constant('a\u0000@example.com')),
      password: fc.oneof(fc.string({ maxLength: 80 }), anyText(80)),
      phone: fc.string({ maxLength: 20 }),
      code: fc.string({ maxLength: 8 }),
      advanceMs: fc.oneof(fc.integer({ min: -1_000, max: 60_000 }), fc.string()),
    })
    .map((v) => ({ payload: JSON.stringify(v), type: 'application/json' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/json' })),
  anyText(200).map((s) => ({
    payload: JSON.stringify({ email: s, firstName: s, q: s }),
    type: 'application/json',
  })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'text/plain' })),
  fc.string({ maxLength: 200 }).map((s) => ({ payload: s, type: 'application/x-www-form-urlencoded' })),
);

const request = fc.record({
  method: fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE') as fc.Arbitrary<
    'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  >,
  path,
  query,
  body,
  idempotencyKey: fc.option(fc.string({ maxLength: 120 }), { nil: undefined }),
});

type FuzzRequest = typeof request extends fc.Arbitrary<infer R> ? R : never;

async function send(r: FuzzRequest, cookie?: string) {
  const url = r.path.replaceAll('__real_auction__', auctionId).replaceAll('__real_slug__', slug);
  const search = new URLSearchParams(r.query).toString();
  const headers: Record<string, string> = {};
  if (cookie) headers.cookie = cookie;
  if (r.idempotencyKey !== undefined) headers['idempotency-key'] = r.idempotencyKey;
  if (r.body && r.method !== 'GET') headers['content-type'] = r.body.type;
  const res = await t.app.inject({
    method: r.method,
    url: search ? `${url}?${search}` : url,
    headers,
    ...(r.body && r.method !== 'GET' ? { payload: r.body.payload } : {}),
    // A fresh made-up address per request, so rate limits answer 429 rather than hiding routes.
    remoteAddress: `198.51.100.${Math.floor(Math.random() * 250) + 1}`,
  });
  const where = `${r.method} ${url}${search ? `?${search}` : ''} ${r.body?.type ?? ''} ${r.body?.payload ?? ''}`;
  expect(res.statusCode, `${where}\n${res.body.slice(0, 500)}`).toBeLessThan(500);
  if (res.statusCode >= 400 && String(res.headers['content-type'] ?? '').includes('application/json')) {
    const answer = res.json<{ error?: { message?: unknown }; message?: unknown }>();
    const message = answer.error?.message ?? answer.message;
    expect(typeof message === 'string' && message.length > 0, `${where}\n${res.body.slice(0, 500)}`).toBe(
      true,
    );
  }
}

describe('malformed requests never get a 500', () => {
  it('signed out', async () => {
    await fc.assert(
      fc.asyncProperty(request, (r) => send(r)),
      { numRuns: RUNS },
    );
  }, 120_000);

  it('signed in as a shopper', async () => {
    await fc.assert(
      fc.asyncProperty(
        request.filter((r) => !SIGNED_IN_SKIP.has(r.path)),
        (r) => send(r, shopper.cookie),
      ),
      { numRuns: RUNS },
    );
  }, 120_000);
});
