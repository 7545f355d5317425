import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness';
import { helmetHeaders, securityHeadersPlugin, socketOrigin } from './security-headers';

const OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    directives: { defaultSrc: ["'self'"], imgSrc: ["'self'", 'data:'], upgradeInsecureRequests: null },
  },
  crossOriginEmbedderPolicy: false,
};

async function headersFrom(register: (app: ReturnType<typeof Fastify>) => Promise<unknown>, url: string) {
  const app = Fastify({ logger: false });
  await register(app);
  app.get('/json', async () => ({ ok: true }));
  const res = await app.inject({ method: 'GET', url });
  await app.close();
  const { date: _date, ...rest } = res.headers;
  return rest;
}

describe('security headers worked out once', () => {
  it('are the headers @fastify/helmet sets with the same options, on a route and on a 404', async () => {
    for (const url of ['/json', '/missing']) {
      const helmet = await headersFrom((app) => app.register(fastifyHelmet, OPTIONS), url);
      const once = await headersFrom((app) => app.register(securityHeadersPlugin, OPTIONS), url);
      expect(once).toEqual(helmet);
      expect(once['content-security-policy']).toContain("img-src 'self' data:");
      expect(once['x-content-type-options']).toBe('nosniff');
    }
  });

  it('refuses per-request nonces, which cannot be worked out once', async () => {
    await expect(helmetHeaders({ enableCSPNonces: true })).rejects.toThrow(/nonces/);
  });
});

describe('the content security policy of the app', () => {
  const connectSrc = (csp: string | undefined) =>
    (csp ?? '')
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('connect-src'));

  it.each([
    { publicUrl: 'https://shop.example.com', expected: "connect-src 'self' wss://shop.example.com" },
    { publicUrl: 'http://127.0.0.1:4312', expected: "connect-src 'self' ws://127.0.0.1:4312" },
  ])('lets pages open sockets to $publicUrl only', async ({ publicUrl, expected }) => {
    const t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
    try {
      for (const url of ['/api/health', '/']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(connectSrc(res.headers['content-security-policy'] as string)).toBe(expected);
      }
    } finally {
      await t.close();
    }
  });

  it('lets scripts come from this site only, and compile WebAssembly (the intake camera) but never eval', async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({ method: 'GET', url: '/api/health' });
      const scriptSrc = String(res.headers['content-security-policy'])
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith('script-src '));
      expect(scriptSrc).toBe("script-src 'self' 'wasm-unsafe-eval'");
    } finally {
      await t.close();
    }
  });

  it('names the socket origin as the web app builds it (same scheme family and host)', () => {
    expect(socketOrigin('https://rebound.example/path')).toBe('wss://rebound.example');
    expect(socketOrigin('http://localhost:3000')).toBe('ws://localhost:3000');
    expect(socketOrigin('https://localhost:8443/')).toBe('wss://localhost:8443');
  });
});
