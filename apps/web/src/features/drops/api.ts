import type { DropsResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { getTimedJson } from '../../lib/server-clock';

export const dropsKeys = { all: ['drops'] as const };

/** This week's featured lots and the countdown banner's figures. */
export function useDrops() {
  return useQuery({
    queryKey: dropsKeys.all,
    queryFn: async ({ signal }) => {
      const drops = await getTimedJson<DropsResponse>(API.drops, signal);
      return drops;
    },
    // Prices and the live count move; keep the page reasonably fresh while it stays open.
    refetchInterval: 60_000,
  });
}
