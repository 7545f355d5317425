import {
  CategoriesResponse,
  DropsResponse,
  HomeResponse,
  LocationsResponse,
  ProductDetail,
  ShopQuery,
  ShopResponse,
  SlugParams,
} from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import * as repo from './repository';
import * as service from './service';

export async function catalogRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  // Shop counts per filter, a few seconds each (decision 036); this server's own.
  const shopCounts = new service.ShopCountCache();

  app.get(API.home, { schema: { response: { 200: HomeResponse } } }, async () =>
    service.home(db, clock.now()),
  );

  app.get(API.categories, { schema: { response: { 200: CategoriesResponse } } }, async () => ({
    categories: (await repo.listCategories(db)).map(({ id, name, slug }) => ({ id, name, slug })),
  }));

  app.get(API.locations, { schema: { response: { 200: LocationsResponse } } }, async () => ({
    locations: (await repo.listActiveLocations(db)).map(service.toLocation),
  }));

  app.get(
    API.shop,
    { schema: { querystring: ShopQuery, response: { 200: ShopResponse } } },
    async (request) => service.shop(db, clock.now(), request.query, shopCounts),
  );

  app.get(API.drops, { schema: { response: { 200: DropsResponse } } }, async () =>
    service.drops(db, clock.now()),
  );

  app.get(
    API.productPattern,
    { schema: { params: SlugParams, response: { 200: ProductDetail } } },
    async (request) => service.productDetail(db, clock.now(), request.params.slug),
  );
}
