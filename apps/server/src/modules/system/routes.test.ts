import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('system endpoints', () => {
  it('reports the process healthy and the database ready', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json()).toEqual({
      status: 'ok',
      database: true,
      realtime: true,
    });
  });

  it('exposes Prometheus metrics with request durations by route', async () => {
    await t.app.inject({ method: 'GET', url: '/api/time' });
    const res = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).toContain('route="/api/time"');
    expect(res.body).toContain('process_cpu_user_seconds_total');
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/time' });
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('moves the clock in test mode, forward by a step or to an instant', async () => {
    const before = Date.parse((await t.app.inject({ method: 'GET', url: '/api/time' })).json().serverTime);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { advanceMs: 3_600_000 },
    });
    expect(res.statusCode).toBe(200);
    expect(Date.parse(res.json().serverTime) - before).toBeGreaterThanOrEqual(3_600_000);
    const set = await t.app.inject({
      method: 'POST',
      url: '/api/test/clock',
      payload: { set: '2027-01-01T00:00:00.000Z' },
    });
    expect(Date.parse(set.json().serverTime)).toBeGreaterThanOrEqual(Date.parse('2027-01-01T00:00:00.000Z'));
    expect(t.clock.now().getUTCFullYear()).toBe(2027);
  });

  it.each([
    [{}, 400],
    [{ advanceMs: -5 }, 400],
    [{ advanceMs: 1, set: '2027-01-01T00:00:00Z' }, 400],
    [{ set: 'tomorrow' }, 400],
    [{ advanceMs: 'lots' }, 400],
  ])('rejects a malformed clock request %j', async (payload, status) => {
    const before = t.clock.now().getTime();
    const res = await t.app.inject({ method: 'POST', url: '/api/test/clock', payload });
    expect(res.statusCode).toBe(status);
    expect(res.json().error.message).toBeTruthy();
    expect(t.clock.now().getTime() - before).toBeLessThan(1_000);
  });

  it('answers malformed requests with 4xx and a message, never 500', async () => {
    const cases = [
      {
        method: 'POST' as const,
        url: '/api/test/clock',
        payload: '{not json',
        headers: { 'content-type': 'application/json' },
      },
      {
        method: 'POST' as const,
        url: '/api/test/clock',
        payload: 'advanceMs=5',
        headers: { 'content-type': 'text/plain' },
      },
      {
        method: 'POST' as const,
        url: '/api/test/clock',
        payload: 'x'.repeat(70_000),
        headers: { 'content-type': 'application/json' },
      },
      { method: 'GET' as const, url: '/api/nope' },
      { method: 'GET' as const, url: '/api/shop?page=%ZZ' },
      { method: 'DELETE' as const, url: '/api/home' },
    ];
    for (const c of cases) {
      const res = await t.app.inject(c);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, `${c.method} ${c.url}`).toBeLessThan(500);
      expect(res.json().error.message).toBeTruthy();
    }
  });
});

describe('NUL characters (PostgreSQL text cannot hold them)', () => {
  it.each([
    { method: 'GET' as const, url: '/api/products/%00' },
    { method: 'GET' as const, url: '/product/a%00b' },
    { method: 'GET' as const, url: '/api/shop?q=tv%00' },
    { method: 'GET' as const, url: '/api/me/bids?filter=%00' },
    {
      method: 'POST' as const,
      url: '/api/auth/sign-in',
      payload: { email: 'a\u0000@example.com', password: 'whatever-123' },
    },
    {
      method: 'POST' as const,
      url: '/api/auth/check-email',
      payload: { email: 'shopper@example.com', nested: ['\u0000'] },
    },
  ])('$method $url is refused with a 400 that says why', async (c) => {
    const res = await t.app.inject(c);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_characters',
      message: 'The request contains characters that are not allowed.',
    });
  });
});

describe('test clock outside test mode', () => {
  it('is not there', async () => {
    const prod = await createTestApp({ env: { NODE_ENV: 'development', TEST_CLOCK: 'false' } });
    try {
      const res = await prod.app.inject({
        method: 'POST',
        url: '/api/test/clock',
        payload: { advanceMs: 1000 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  });
});
