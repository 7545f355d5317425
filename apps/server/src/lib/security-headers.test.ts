import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, securityHeadersPlugin } from './security-headers';

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
