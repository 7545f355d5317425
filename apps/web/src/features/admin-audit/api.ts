import type { AuditResponse } from '@rebound/contract/admin';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ListState, listQueryString } from '../../components/admin/use-list-state';
import { getJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

export function useAuditLog(state: ListState) {
  const qs = listQueryString(state);
  return useQuery({
    queryKey: [USER_SCOPE, 'admin', 'audit', qs] as const,
    queryFn: ({ signal }) => getJson<AuditResponse>(`${API.adminAudit}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}
