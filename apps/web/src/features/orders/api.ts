import type { MyOrdersResponse } from '@rebound/contract/orders';
import type { ServerEvent } from '@rebound/contract/realtime';
import { API } from '@rebound/contract/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { meKeys } from '../../lib/query-keys';
import { useRealtimeEvents } from '../../lib/realtime';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';

/** The shopper's own orders, newest first, with their non-payment strikes (GET /api/me/orders). */
export function useMyOrders() {
  const { user } = useSession();
  const queryClient = useQueryClient();
  // The shopper's room says when an order changed (paid in another tab, cancelled at its deadline).
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: meKeys.orders() }),
    [queryClient],
  );
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === 'OrdersChangedV1') refresh();
    },
    [refresh],
  );
  useRealtimeEvents(onEvent, refresh, user !== null);
  return useQuery({
    queryKey: meKeys.orders(),
    // The answer carries serverTime: the payment deadlines count down on the server's clock.
    queryFn: ({ signal }) => getTimedJson<MyOrdersResponse>(API.meOrders, signal),
    enabled: user !== null,
  });
}
