import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasSessionCookie } from '../auth';

/** API areas whose every answer is about the person asking (or, for /api/dev, private anyway). */
const PRIVATE_PREFIXES = ['/api/me', '/api/profile', '/api/auth', '/api/admin', '/api/dev'];

function underPrefix(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

/**
 * `Cache-Control: no-store` on every API answer that may depend on who is signed in, so that no
 * browser or shared cache keeps one person's data: the private areas always, and any API answer to
 * a request carrying a session cookie (an auction's page data carries `me`, for instance). Public
 * answers to signed-out visitors keep their own caching (docs/decisions/010-production-hardening.md).
 */
export const privateAnswersPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', async (request, reply, payload) => {
      const path = (request.raw.url ?? request.url).split('?', 1)[0]!;
      if (!path.startsWith('/api/')) return payload;
      if (hasSessionCookie(request) || PRIVATE_PREFIXES.some((p) => underPrefix(path, p))) {
        reply.header('cache-control', 'no-store');
      }
      return payload;
    });
  },
  { name: 'rebound-private-answers' },
);
