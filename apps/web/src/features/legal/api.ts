import type { LocationsResponse as LocationsResponseSchema } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../lib/api-client';
import { catalogKeys } from '../../lib/query-keys';

type LocationsResponse = z.infer<typeof LocationsResponseSchema>;

/**
 * The active pickup locations with their rates (GET /api/locations), for the Terms' buyer's premium
 * and taxes. Same key and shape as the shop's location list, so the two share one cached answer.
 */
export function usePickupLocations() {
  return useQuery({
    queryKey: catalogKeys.locations(),
    queryFn: ({ signal }) => getJson<LocationsResponse>(API.locations, signal),
    staleTime: 5 * 60_000,
  });
}
