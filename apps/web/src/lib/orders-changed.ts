import type { ServerEvent } from '@rebound/contract/realtime';
import { type QueryKey, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useRealtimeEvents } from './realtime';

/**
 * Refetches `queryKey` when the shopper's room says their orders changed (paid in another tab,
 * cancelled at the deadline, booked or handed over at the desk) and after a socket resync.
 */
export function useRefetchOnOrdersChanged(queryKey: QueryKey, enabled: boolean): void {
  const queryClient = useQueryClient();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey }),
    [queryClient, queryKey],
  );
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === 'OrdersChangedV1') refresh();
    },
    [refresh],
  );
  useRealtimeEvents(onEvent, refresh, enabled);
}
