import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessage } from '@rebound/contract/errors';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { productPreview } from '../catalog/service';
import { productHeadTags, type SpaTemplate, spaTemplate } from './head';

function sendPage(reply: FastifyReply, html: string) {
  // index.html names the hashed bundles of the current build: never cached.
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html);
}

/**
 * The built web app: its files, index.html for client-side routes, and product pages whose HTML
 * carries the product's own title, description and preview image (so shared links preview well).
 * Registered on the root instance: its not-found handler also answers unknown API paths.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const { config, db } = app.deps;
  let template: SpaTemplate | null = null;
  if (config.webDist) {
    const webDist = config.webDist;
    template = spaTemplate(await readFile(path.join(webDist, 'index.html'), 'utf8'));
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      // Hashed assets are immutable; index.html is served by the routes below, never cached.
      setHeaders(res, filePath) {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        }
      },
    });

    const page = template;
    app.get<{ Params: { slug: string } }>('/product/:slug', async (request, reply) => {
      let preview: Awaited<ReturnType<typeof productPreview>>;
      try {
        // One indexed query; nothing is cached, so a changed title shows at once.
        preview = await productPreview(db, request.params.slug);
      } catch (err) {
        // The page still works without its preview tags: the SPA loads the product itself.
        request.log.error({ err }, 'product preview lookup failed');
        return sendPage(reply, page.html);
      }
      // Unknown or unpublished: the SPA shows its not-found page; crawlers get the status too.
      if (!preview) return sendPage(reply.status(404), page.html);
      return sendPage(reply, page.withHead(productHeadTags(preview, config.publicUrl)));
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/media/');
    if (wantsPage && template) {
      // Client-side routes: the SPA decides (including its own 404 page).
      return sendPage(reply, template.html);
    }
    return reply.status(404).send({ error: { code: 'not_found', message: errorMessage('not_found') } });
  });
}
