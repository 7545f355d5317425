import type { DeadLetterActionResponse } from '@rebound/contract/admin-messages';
import type { OperationsResponse } from '@rebound/contract/admin-operations';
import { API } from '@rebound/contract/routes';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

/** How often the operator page asks again while it is open (and on focus, and on Refresh). */
export const OPERATIONS_REFRESH_MS = 15_000;

export const operationsQuery = queryOptions({
  queryKey: [USER_SCOPE, 'admin', 'operations'] as const,
  queryFn: ({ signal }) => getJson<OperationsResponse>(API.adminOperations, signal),
  refetchInterval: OPERATIONS_REFRESH_MS,
  staleTime: 5_000,
});

/** Queues a dead letter again (the Messages section's retry, the same endpoint). */
export function useRetryDeadLetter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<DeadLetterActionResponse>('POST', API.adminDeadLetterRetry(id)),
    onSettled: () => client.invalidateQueries({ queryKey: operationsQuery.queryKey }),
  });
}
