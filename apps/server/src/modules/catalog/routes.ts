import {
  CategoriesResponse,
  DropsResponse,
  HomeResponse,
  LocationsResponse,
  ProductDetail,
  ShopQuery,
  ShopResponse,
  SlugParams,
  SuggestQuery,
  SuggestResponse,
} from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { normalizeSearchText } from '@rebound/core/search';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ResponseCache, sendTimedJson, TimedJson } from '../../lib/response-cache';
import * as service from './service';

/** Shop answers kept at once (each about 20-30 KB, for a second at most). */
const SHOP_CACHE_ENTRIES = 500;
const PRODUCT_CACHE_ENTRIES = 1_000;
/** Nothing in these answers is about the viewer: no session lookup for them (decision 065). */
const PUBLIC = { publicRead: true } as const;

export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  // Shop counts per filter, a few seconds each (decision 036); this server's own.
  const shopCounts = new service.ShopCountCache();
  // The public catalogue's answers, the same for whoever asks (nothing in them is about the viewer),
  // reused for CATALOG_CACHE_MS (1 s) by this server, one read at a time per answer (decision 039).
  const ttlMs = config.catalogCacheMs;
  const caches = {
    home: new ResponseCache<TimedJson>({ ttlMs, maxEntries: 1 }),
    drops: new ResponseCache<TimedJson>({ ttlMs, maxEntries: 1 }),
    shop: new ResponseCache<TimedJson>({ ttlMs, maxEntries: SHOP_CACHE_ENTRIES }),
    suggest: new ResponseCache<TimedJson>({ ttlMs, maxEntries: SHOP_CACHE_ENTRIES }),
    product: new ResponseCache<TimedJson>({ ttlMs, maxEntries: PRODUCT_CACHE_ENTRIES }),
  };
  cachesOf.set(app.deps, caches);

  /**
   * The kept answer of `key`, or a fresh one read now (then kept): serialised once by the route's
   * response schema, sent with the current time as its serverTime.
   */
  async function cached(
    cache: ResponseCache<TimedJson>,
    key: string,
    reply: FastifyReply,
    read: (now: Date) => Promise<{ serverTime: string }>,
  ) {
    const now = clock.now();
    const body = await cache.get(key, now.getTime(), async () =>
      // The route's serialiser (the contract's response schema checks the answer) gives a string.
      TimedJson.fromJson(reply.serialize(await read(now)) as string),
    );
    return sendTimedJson(reply, body, clock.now().toISOString());
  }

  app.get(
    API.home,
    { config: PUBLIC, schema: { response: { 200: HomeResponse } } },
    async (_request, reply) => cached(caches.home, 'home', reply, (now) => service.home(db, now)),
  );

  app.get(
    API.categories,
    { config: PUBLIC, schema: { response: { 200: CategoriesResponse } } },
    async () => ({
      categories: await service.categories(db),
    }),
  );

  app.get(API.locations, { config: PUBLIC, schema: { response: { 200: LocationsResponse } } }, async () => ({
    locations: await service.activeLocations(db),
  }));

  // The key is made from the validated query (defaults filled in): invalid input is a 400 before it.
  app.get(
    API.shop,
    { config: PUBLIC, schema: { querystring: ShopQuery, response: { 200: ShopResponse } } },
    async (request, reply) =>
      cached(caches.shop, service.shopCacheKey(request.query), reply, (now) =>
        service.shop(db, now, request.query, shopCounts),
      ),
  );

  // Suggestions as the shopper types: one answer per normalised text, kept as briefly as the shop's.
  app.get(
    API.shopSuggest,
    { config: PUBLIC, schema: { querystring: SuggestQuery, response: { 200: SuggestResponse } } },
    async (request, reply) =>
      cached(caches.suggest, normalizeSearchText(request.query.q), reply, (now) =>
        service.suggest(db, now, request.query.q),
      ),
  );

  app.get(
    API.drops,
    { config: PUBLIC, schema: { response: { 200: DropsResponse } } },
    async (_request, reply) => cached(caches.drops, 'drops', reply, (now) => service.drops(db, now)),
  );

  // An unknown slug is a 404 (an error is never kept).
  app.get(
    API.productPattern,
    { config: PUBLIC, schema: { params: SlugParams, response: { 200: ProductDetail } } },
    async (request, reply) =>
      cached(caches.product, request.params.slug, reply, (now) =>
        service.productDetail(db, now, request.params.slug),
      ),
  );
}

type CatalogCaches = Record<'home' | 'drops' | 'shop' | 'suggest' | 'product', ResponseCache<TimedJson>>;
const cachesOf = new WeakMap<object, CatalogCaches>();

/** The catalogue's response caches of an app (by its `app.deps`), for tests. */
export function catalogCaches(deps: object): CatalogCaches {
  const caches = cachesOf.get(deps);
  if (!caches) throw new Error('catalogCaches: no catalogue routes registered for these deps');
  return caches;
}
