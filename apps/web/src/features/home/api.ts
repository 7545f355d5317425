import type { HomeResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { getTimedJson } from '../../lib/server-clock';

/** Latest (up to 8) and hottest (4) live auctions for the home page. */
export function useHome() {
  return useQuery({
    queryKey: ['home'],
    queryFn: async ({ signal }) => {
      const home = await getTimedJson<HomeResponse>(API.home, signal);
      return home;
    },
    // Bids move prices; keep the shelves reasonably fresh while the page stays open.
    refetchInterval: 60_000,
  });
}
