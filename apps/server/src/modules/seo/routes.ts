import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { errorMessage } from '@rebound/contract/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { DEFAULT_ROBOTS_RULES, robotsTxt, SITEMAP_CACHE_SECONDS, sitemap } from './service';

const notFound = (reply: FastifyReply) =>
  reply
    .status(404)
    .header('cache-control', 'no-store')
    .send({ error: { code: 'not_found', message: errorMessage('not_found') } });

/**
 * /robots.txt and /sitemap.xml, generated (docs/decisions/031-findability.md). Both are root files
 * that the pre-launch lock lets through (launch/lock.ts isBuildFile), so they follow the lock here:
 * robots.txt says what is right for a locked store, and the sitemap is not served while locked.
 */
export async function seoRoutes(app: FastifyInstance) {
  const { config, db, clock } = app.deps;
  // The rules are the web build's robots.txt (apps/web/public/robots.txt), read once.
  const built = config.webDist ? path.join(config.webDist, 'robots.txt') : null;
  const rules = built && existsSync(built) ? readFileSync(built, 'utf8') : DEFAULT_ROBOTS_RULES;
  const cacheControl = `public, max-age=${SITEMAP_CACHE_SECONDS}`;

  app.get('/robots.txt', async (_request, reply) => {
    const locked = await app.launch.lock.locked();
    return reply
      .type('text/plain; charset=utf-8')
      .header('cache-control', cacheControl)
      .send(robotsTxt({ locked, rules, publicUrl: config.publicUrl }));
  });

  // Generated at most once per SITEMAP_CACHE_SECONDS per file on this server: a crawler's visits
  // cost one or two indexed queries.
  const cache = new Map<string, { until: number; body: string }>();
  const serve = async (reply: FastifyReply, part: 'root' | number) => {
    if (await app.launch.lock.locked()) return notFound(reply);
    const key = String(part);
    const hit = cache.get(key);
    let body = hit && hit.until > Date.now() ? hit.body : null;
    if (body === null) {
      body = await sitemap(db, part, { now: clock.now(), publicUrl: config.publicUrl });
      if (body === null) return notFound(reply);
      cache.set(key, { until: Date.now() + SITEMAP_CACHE_SECONDS * 1000, body });
    }
    return reply.type('application/xml; charset=utf-8').header('cache-control', cacheControl).send(body);
  };

  app.get('/sitemap.xml', async (_request, reply) => serve(reply, 'root'));
  // Files of a split sitemap (sitemapFilePath): only past 50,000 URLs.
  app.get<{ Params: { file: string } }>('/sitemaps/:file', async (request, reply) => {
    const m = /^([1-9]\d{0,5})\.xml$/.exec(request.params.file);
    if (!m) return notFound(reply);
    return serve(reply, Number(m[1]));
  });
}
