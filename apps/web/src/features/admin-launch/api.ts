import type {
  AdminLaunchAnnounceResponse,
  AdminLaunchSignupsResponse,
  AdminLaunchStatsResponse,
} from '@rebound/contract/launch';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';

export const launchKeys = {
  all: ['admin', 'launch'] as const,
  stats: ['admin', 'launch', 'stats'] as const,
  list: (qs: string) => ['admin', 'launch', 'list', qs] as const,
};

export function useLaunchStats() {
  return useQuery({
    queryKey: launchKeys.stats,
    queryFn: ({ signal }) => getJson<AdminLaunchStatsResponse>(API.adminLaunchStats, signal),
  });
}

/** The launch list as the table asks for it; `qs` holds page, pageSize, q, status and source. */
export function useLaunchSignups(qs: string) {
  return useQuery({
    queryKey: launchKeys.list(qs),
    queryFn: ({ signal }) => getJson<AdminLaunchSignupsResponse>(`${API.adminLaunchSignups}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

/** The launch action: email every confirmed signup not yet told that the store is open. */
export function useAnnounceLaunch() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      sendJson<AdminLaunchAnnounceResponse>('POST', API.adminLaunchAnnounce, { confirm: true }),
    onSuccess: () => void client.invalidateQueries({ queryKey: launchKeys.all }),
  });
}
