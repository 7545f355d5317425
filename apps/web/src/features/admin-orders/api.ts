import type {
  AdminOrderDetail,
  AdminOrdersResponse,
  RefundRequest,
  RefundResponse,
  RemoveStrikeResponse,
} from '@rebound/contract/admin-orders';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../components/admin/use-list-state';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

// Under USER_SCOPE: signing out drops the staff's cached orders.
const keys = {
  all: [USER_SCOPE, 'admin-orders'] as const,
  list: (qs: string) => [USER_SCOPE, 'admin-orders', 'list', qs] as const,
  one: (id: string) => [USER_SCOPE, 'admin-orders', 'one', id] as const,
};

export function useAdminOrders(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: keys.list(qs),
    queryFn: ({ signal }) => getJson<AdminOrdersResponse>(`${API.adminOrders}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAdminOrder(id: string) {
  return useQuery({
    queryKey: keys.one(id),
    queryFn: ({ signal }) => getJson<AdminOrderDetail>(API.adminOrder(id), signal),
  });
}

/** A refund: the key is made once per confirmed refund and sent again on a retry (never twice). */
export function useRefund(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ body, key }: { body: RefundRequest; key: string }) =>
      sendJson<RefundResponse>('POST', API.adminOrderRefunds(orderId), body, { 'Idempotency-Key': key }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

export function useRemoveStrike(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ strikeId, reason }: { strikeId: string; reason: string }) =>
      sendJson<RemoveStrikeResponse>('POST', API.adminOrderStrikeRemove(orderId, strikeId), { reason }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
