import type { MyOrdersResponse } from '@rebound/contract/orders';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { useRefetchOnOrdersChanged } from '../../lib/orders-changed';
import { meKeys } from '../../lib/query-keys';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';

/** The shopper's own orders, newest first, with their non-payment strikes (GET /api/me/orders). */
export function useMyOrders() {
  const { user } = useSession();
  useRefetchOnOrdersChanged(meKeys.orders(), user !== null);
  return useQuery({
    queryKey: meKeys.orders(),
    // The answer carries serverTime: the payment deadlines count down on the server's clock.
    queryFn: ({ signal }) => getTimedJson<MyOrdersResponse>(API.meOrders, signal),
    enabled: user !== null,
  });
}
