import { API } from '@rebound/contract/routes';
import type { MySpendingResponse } from '@rebound/contract/spending';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api-client';
import { meKeys } from '../../lib/query-keys';
import { useSession } from '../../lib/session';

/**
 * 'Winning now', 'At most' and the spending limit (GET /api/me/spending). Under My Bids' key, so
 * whatever refreshes My Bids (a bid placed, a standing changed, a lot's bid while My Bids is open)
 * refreshes it too. Signed-in only; `enabled` lets the header ask only for a shopper with bids.
 */
export function useMySpending(enabled = true) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...meKeys.bidsAll(), 'spending'] as const,
    queryFn: ({ signal }) => getJson<MySpendingResponse>(API.meSpending, signal),
    enabled: enabled && user !== null,
    staleTime: 30_000,
  });
}
