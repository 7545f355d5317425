// Storage fees owed before the visit, and paying them online (docs/product.md "Pickup").
import type { FeeCheckoutResponse, MyStorageFeesResponse } from '@rebound/contract/storage-fees';
import { STORAGE_FEE_API } from '@rebound/contract/storage-fees';
import { useMutation, useQuery } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { useRefetchOnOrdersChanged } from '../../lib/orders-changed';
import { USER_SCOPE } from '../../lib/query-scope';

const feeKey = [USER_SCOPE, 'storage-fees'] as const;

export function useMyStorageFees() {
  const query = useQuery({
    queryKey: feeKey,
    queryFn: ({ signal }) => getJson<MyStorageFeesResponse>(STORAGE_FEE_API.mine, signal),
  });
  useRefetchOnOrdersChanged(feeKey, true);
  return query;
}

/** Starts the hosted checkout for these orders' storage fees and goes there. */
export function usePayStorageFees() {
  return useMutation({
    mutationFn: (orderIds: string[]) =>
      sendJson<FeeCheckoutResponse>('POST', STORAGE_FEE_API.checkout, { orderIds }),
    onSuccess: (answer) => {
      window.location.assign(answer.url);
    },
  });
}
