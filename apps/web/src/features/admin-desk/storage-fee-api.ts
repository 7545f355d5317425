// The desk's storage fee: what an order owes now, and recording it paid at the desk (cash or card terminal).
import { type DeskFeeResponse, STORAGE_FEE_API } from '@rebound/contract/storage-fees';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const feeKey = (orderId: string) => [USER_SCOPE, 'admin-desk', 'storage-fee', orderId] as const;

export function useDeskStorageFee(orderId: string, enabled: boolean) {
  return useQuery({
    queryKey: feeKey(orderId),
    enabled,
    queryFn: ({ signal }) => getJson<DeskFeeResponse>(STORAGE_FEE_API.desk(orderId), signal),
  });
}

/** The same answers for several orders (a visit's items still to hand over). */
export function useDeskStorageFees(orderIds: readonly string[]) {
  return useQueries({
    queries: orderIds.map((orderId) => ({
      queryKey: feeKey(orderId),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getJson<DeskFeeResponse>(STORAGE_FEE_API.desk(orderId), signal),
    })),
  });
}

export function useRecordStorageFee(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (method: 'cash' | 'card_terminal') =>
      sendJson<DeskFeeResponse>('POST', STORAGE_FEE_API.record(orderId), { method }),
    onSuccess: (answer) => {
      queryClient.setQueryData(feeKey(orderId), answer);
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin-desk'] });
    },
  });
}
