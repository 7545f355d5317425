import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessage } from '@rebound/contract/errors';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopback } from '../../lib/loopback';
import { productPreview } from '../catalog';
import {
  apiPreloadTag,
  modulePreloadTags,
  productHeadTags,
  productImagePreloadTag,
  type SpaTemplate,
  spaTemplate,
} from './head';
import { type PageScripts, readPageScripts, type StorefrontPage } from './page-scripts';

/**
 * The shop's first request with no filter in the address: the web app's default shop state
 * (apps/web/src/features/shop/search-params.ts, toShopQuery) in its order. e2e/tests/budget.spec.ts
 * fails when the two drift apart (the preload would go unused and the page would fetch twice).
 */
export const DEFAULT_SHOP_API_PATH = `${API.shop}?${new URLSearchParams({
  // No price: the default is any price (core DEFAULT_PRICE_RANGE), which the shop does not send.
  sort: 'newest',
  page: '1',
})}`;

function notFound(reply: FastifyReply) {
  return reply.status(404).send({ error: { code: 'not_found', message: errorMessage('not_found') } });
}

/** The request's path, percent-decoded where possible and with repeated slashes collapsed. */
function pathOf(request: FastifyRequest): string {
  const raw = (request.raw.url ?? '/').split('?', 1)[0]!;
  let path = raw;
  try {
    path = decodeURIComponent(raw);
  } catch {}
  return path.replace(/\/{2,}/g, '/');
}

function sendPage(reply: FastifyReply, html: string) {
  // Pre-launch mode (launch/lock.ts): staff and bypassed browsers see the locked store, marked so
  // the web app can say so.
  const page = reply.request.storeLockedView
    ? html.replace(/<html(?=[\s>])/i, '<html data-locked="true"')
    : html;
  // index.html names the hashed bundles of the current build: never cached.
  return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(page);
}

/**
 * The built web app: its files, index.html for client-side routes, and product pages whose HTML
 * carries the product's own title, description and preview image (so shared links preview well).
 * Registered on the root instance: its not-found handler also answers unknown API paths.
 */
export async function registerWebApp(app: FastifyInstance): Promise<void> {
  const { config, db, clock } = app.deps;
  let template: SpaTemplate | null = null;
  let homePage: string | null = null;
  let shopPage: string | null = null;
  let shopFilteredPage: string | null = null;
  let dropsPage: string | null = null;
  let pageScripts: PageScripts = {};
  // A page's own scripts, fetched with the HTML (decision 040).
  const scriptTags = (name: StorefrontPage) => modulePreloadTags(pageScripts[name] ?? []);
  const headTags = (...tags: (string | string[])[]) => tags.flat().join('\n    ');
  // Source maps would publish the web app's original source: production does not serve them.
  if (config.env === 'production') {
    app.addHook('onRequest', async (request, reply) => {
      if (/\.map$/i.test(pathOf(request))) return notFound(reply);
    });
  }
  if (config.webDist) {
    const webDist = config.webDist;
    template = spaTemplate(await readFile(path.join(webDist, 'index.html'), 'utf8'));
    pageScripts = await readPageScripts(webDist);
    homePage = template.withExtraHead(headTags(apiPreloadTag(API.home), scriptTags('home')));
    shopPage = template.withExtraHead(headTags(apiPreloadTag(DEFAULT_SHOP_API_PATH), scriptTags('shop')));
    shopFilteredPage = template.withExtraHead(headTags(scriptTags('shop')));
    dropsPage = template.withExtraHead(headTags(apiPreloadTag(API.drops), scriptTags('drops')));
    // Sends the build's .br / .gz copy when the browser accepts it (vite.config.ts makes them); the
    // answer then varies with Accept-Encoding, which caches must know.
    const varyByEncoding = (res: { setHeader: (name: string, value: string) => unknown }) => {
      res.setHeader('vary', 'accept-encoding');
    };
    // Hashed bundles never change: cached for a year. (Options, not setHeaders: the plugin writes
    // its own cache-control after setHeaders runs.)
    await app.register(fastifyStatic, {
      root: path.join(webDist, 'assets'),
      prefix: '/assets/',
      wildcard: false,
      index: false,
      decorateReply: false,
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
      setHeaders: varyByEncoding,
    });
    // The other files at the root (icons, the service worker); index.html is served by the routes below,
    // never cached.
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      wildcard: false,
      index: false,
      preCompressed: true,
      // launch.html is the pre-launch landing page, sent by the lock (launch/lock.ts) where it applies.
      // robots.txt and sitemap.xml are generated (modules/seo): the build's robots.txt gives the rules.
      globIgnore: [
        'assets/**',
        '**/*.br',
        '**/*.gz',
        'index.html',
        'launch.html',
        'robots.txt',
        'robots.txt.*',
        'sitemap.xml',
        'sitemap.xml.*',
        // The build's own notes (page-chunks.json): read here, not published.
        '.vite/**',
      ],
      setHeaders: varyByEncoding,
    });

    const page = template;
    // The same page for whoever asks (the web app asks who is signed in itself): no session lookup.
    app.get<{ Params: { slug: string } }>(
      '/product/:slug',
      { config: { publicRead: true } },
      async (request, reply) => {
        let preview: Awaited<ReturnType<typeof productPreview>>;
        const now = clock.now();
        try {
          // One indexed query; nothing is cached, so a changed title shows at once.
          preview = await productPreview(db, request.params.slug, now);
        } catch (err) {
          // The page still works without its preview tags: the SPA loads the product itself.
          request.log.error({ err }, 'product preview lookup failed');
          return sendPage(reply, page.html);
        }
        // Unknown or never public (core productPageReachable): the SPA shows its not-found page; crawlers
        // get the status too.
        if (!preview) return sendPage(reply.status(404), page.html);
        // The main photo, the product's API answer (the web app asks for the same URL) and the page's
        // scripts are fetched alongside the main script.
        const tags = headTags(
          productHeadTags(preview, config.publicUrl, now),
          preview.image ? productImagePreloadTag(preview.image) : [],
          apiPreloadTag(API.product(request.params.slug)),
          scriptTags('product'),
        );
        return sendPage(reply, page.withHead(tags));
      },
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.raw.url ?? '/';
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !url.startsWith('/api/') &&
      !url.startsWith('/media/') &&
      // A bundle of another build is missing, not a page: a 404, never HTML in place of a script.
      !url.startsWith('/assets/');
    // The development pages (/dev/mailbox) follow the mailbox's rule: on, and asked from this machine.
    // (The SPA's router ignores case, so neither does this.)
    const devPage = /^\/dev(\/|$)/i.test(pathOf(request));
    if (devPage && !(config.devMailbox && isLoopback(request.ip))) return notFound(reply);
    if (wantsPage && template) {
      // The home page's data is fetched alongside the scripts (decision 037).
      if (pathOf(request) === '/') return sendPage(reply, homePage ?? template.html);
      // The shop's first page, when its address carries no filter (the web app's default query);
      // the shop's scripts either way.
      if (/^\/shop\/?$/i.test(pathOf(request))) {
        const shop = url.includes('?') ? shopFilteredPage : shopPage;
        if (shop) return sendPage(reply, shop);
      }
      if (/^\/drops\/?$/i.test(pathOf(request)) && dropsPage) return sendPage(reply, dropsPage);
      // Client-side routes: the SPA decides (including its own 404 page).
      return sendPage(reply, template.html);
    }
    return notFound(reply);
  });
}
