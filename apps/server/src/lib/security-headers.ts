import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

// Helmet's security headers, worked out once (decision 039). @fastify/helmet calls helmet(options)
// on every request, which parses the Content-Security-Policy directives again each time (about a
// tenth of a millisecond, the largest hook cost of a cached catalogue answer). With no per-request
// nonces the headers never change: they are asked of @fastify/helmet once, at start, with the
// same options, and then set by one plain hook.

/** Headers every answer gets anyway: not helmet's. */
const NOT_HELMET = new Set(['content-type', 'content-length', 'date', 'connection', 'keep-alive']);

/** The headers @fastify/helmet sets with `options` (it must not ask for CSP nonces). */
export async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  if (options.enableCSPNonces) throw new Error('helmetHeaders: per-request nonces cannot be worked out once');
  const probe = Fastify({ logger: false });
  try {
    await probe.register(fastifyHelmet, options);
    probe.get('/', async () => '');
    const res = await probe.inject({ method: 'GET', url: '/' });
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(res.headers)) {
      if (NOT_HELMET.has(name) || value === undefined) continue;
      headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * The site's own WebSocket origin for the CSP's connect-src: ws:// or wss:// and the host of the
 * public address, the one the web app's socket opens (apps/web/src/lib/realtime.ts builds it from
 * the page's own address). 'self' covers it too in browsers that follow CSP level 3; naming it
 * keeps the older ones working without allowing sockets to any other host.
 */
export function socketOrigin(publicUrl: string): string {
  const url = new URL(publicUrl);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
}

/** helmet's headers on every answer, as @fastify/helmet would set them, from a hook that only copies. */
export const securityHeadersPlugin = fp<FastifyHelmetOptions>(
  async (app: FastifyInstance, options) => {
    const headers = await helmetHeaders(options);
    const entries = Object.entries(headers);
    app.addHook('onRequest', (_request, reply, done) => {
      for (const [name, value] of entries) reply.header(name, value);
      done();
    });
  },
  { name: 'security-headers' },
);
