import type {
  CategoriesResponse as CategoriesResponseSchema,
  LocationsResponse as LocationsResponseSchema,
  ProductDetail,
  ShopQuery,
  ShopResponse,
} from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import type { z } from 'zod';
import { getJson } from '../../lib/api-client';
import { catalogKeys } from '../../lib/query-keys';
import { getTimedJson } from '../../lib/server-clock';

// The contract exports the schemas but not type aliases for these two responses.
type CategoriesResponse = z.infer<typeof CategoriesResponseSchema>;
type LocationsResponse = z.infer<typeof LocationsResponseSchema>;

export function productQuery(slug: string) {
  return queryOptions({
    queryKey: catalogKeys.product(slug),
    queryFn: async ({ signal }) => {
      const detail = await getTimedJson<ProductDetail>(API.product(slug), signal);
      return detail;
    },
  });
}

export function useProduct(slug: string) {
  return useQuery(productQuery(slug));
}

/** Warm the cache for a product the pointer or focus is resting on. */
export function usePrefetchProduct(): (slug: string) => void {
  const queryClient = useQueryClient();
  return useCallback((slug: string) => void queryClient.prefetchQuery(productQuery(slug)), [queryClient]);
}

export function useCategories() {
  return useQuery({
    queryKey: catalogKeys.categories(),
    queryFn: ({ signal }) => getJson<CategoriesResponse>(API.categories, signal),
    staleTime: 5 * 60_000,
  });
}

/** Active pickup locations, by name (the shop's location filter). */
export function useLocations() {
  return useQuery({
    queryKey: catalogKeys.locations(),
    queryFn: ({ signal }) => getJson<LocationsResponse>(API.locations, signal),
    staleTime: 5 * 60_000,
  });
}

/** The shop listing; empty and undefined filters are left out of the query string. */
export function useShop(query: Partial<ShopQuery>) {
  return useQuery({
    queryKey: catalogKeys.shop(query),
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(query)) {
        if (value !== undefined && value !== '') params.set(key, String(value));
      }
      const search = params.toString();
      const shop = await getTimedJson<ShopResponse>(search ? `${API.shop}?${search}` : API.shop, signal);
      return shop;
    },
    placeholderData: (previous) => previous,
  });
}
