import { DASHBOARD_REFRESH_MS, type DashboardResponse } from '@rebound/contract/admin-dashboard';
import { API } from '@rebound/contract/routes';
import { queryOptions } from '@tanstack/react-query';
import { getJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

/** The dashboard's numbers, asked again every 15 s while the page is open (and on focus). */
export const dashboardQuery = queryOptions({
  queryKey: [USER_SCOPE, 'admin', 'dashboard'] as const,
  queryFn: ({ signal }) => getJson<DashboardResponse>(API.adminDashboard, signal),
  refetchInterval: DASHBOARD_REFRESH_MS,
  staleTime: 5_000,
});
