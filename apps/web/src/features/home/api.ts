import type { HomeResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api-client';
import { syncServerClock } from '../../lib/server-clock';

/** Latest (up to 8) and hottest (4) live auctions for the home page. */
export function useHome() {
  return useQuery({
    queryKey: ['home'],
    queryFn: async ({ signal }) => {
      const home = await getJson<HomeResponse>(API.home, signal);
      syncServerClock(home.serverTime);
      return home;
    },
    // Bids move prices; keep the shelves reasonably fresh while the page stays open.
    refetchInterval: 60_000,
  });
}
