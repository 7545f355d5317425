import type {
  MarkReadResponse,
  NotificationItem,
  NotificationsResponse,
} from '@rebound/contract/notifications';
import { MAIL_MENU_LATEST } from '@rebound/contract/notifications-text';
import type { ServerEvent } from '@rebound/contract/realtime';
import { API } from '@rebound/contract/routes';
import {
  type InfiniteData,
  type QueryClient,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { useCallback } from 'react';
import { errorMessageOf, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';
import { useRealtimeEvents } from '../../lib/realtime';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';
import { toast } from '../../lib/toast';

/** Every notification query starts with this (dropped on sign-in and sign-out with USER_SCOPE). */
export const notificationKeys = {
  all: () => [USER_SCOPE, 'notifications'] as const,
  latest: () => [USER_SCOPE, 'notifications', 'latest'] as const,
  list: () => [USER_SCOPE, 'notifications', 'list'] as const,
};

/** The Mail menu: the newest three and the unread count. */
export function useLatestNotifications() {
  const { user } = useSession();
  return useQuery({
    queryKey: notificationKeys.latest(),
    queryFn: ({ signal }) =>
      getTimedJson<NotificationsResponse>(`${API.meNotifications}?limit=${MAIL_MENU_LATEST}`, signal),
    enabled: user !== null,
    // Kept current by the shopper's room (useLiveNotifications), not by polling.
    staleTime: 60_000,
  });
}

/** /notifications: pages of 20, newest first ('Load more' fetches the next). */
export function useNotificationList() {
  const { user } = useSession();
  return useInfiniteQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal, pageParam }) =>
      getTimedJson<NotificationsResponse>(
        pageParam ? `${API.meNotifications}?cursor=${encodeURIComponent(pageParam)}` : API.meNotifications,
        signal,
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    enabled: user !== null,
  });
}

/** Marks cached copies read at once (the answer, or a refetch, confirms it). */
function markCached(queryClient: QueryClient, id: string | 'all') {
  const hit = (n: NotificationItem) => !n.isRead && (id === 'all' || n.id === id);
  const latest = queryClient.getQueryData<NotificationsResponse>(notificationKeys.latest());
  const list = queryClient.getQueryData<InfiniteData<NotificationsResponse>>(notificationKeys.list());
  // The count covers rows not loaded too: one read takes one off only when it was unread here.
  const wasUnread =
    (latest?.items.some(hit) ?? false) || (list?.pages.some((p) => p.items.some(hit)) ?? false);
  const apply = (page: NotificationsResponse): NotificationsResponse => ({
    ...page,
    items: page.items.map((n) => (hit(n) ? { ...n, isRead: true } : n)),
    unreadCount: id === 'all' ? 0 : Math.max(0, page.unreadCount - (wasUnread ? 1 : 0)),
  });
  if (latest) queryClient.setQueryData(notificationKeys.latest(), apply(latest));
  if (list) queryClient.setQueryData(notificationKeys.list(), { ...list, pages: list.pages.map(apply) });
}

function useMarkMutation(path: (id: string) => string, failed: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => sendJson<MarkReadResponse>('POST', path(id)),
    onMutate: async (id) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all() });
      markCached(queryClient, id === '' ? 'all' : id);
    },
    onSuccess: () => toast.succeeded(failed),
    onError: (error) => toast.failed(failed, failed, { description: errorMessageOf(error) }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all() }),
  });
}

/** Marks one notification read (optimistic; the count and dot change at once). */
export function useMarkRead() {
  return useMarkMutation((id) => API.meNotificationRead(id), 'Could not mark the notification read');
}

/** Marks every unread notification read. Call `mutate('')`. */
export function useMarkAllRead() {
  return useMarkMutation(() => API.meNotificationsReadAll, 'Could not mark notifications read');
}

/**
 * Keeps the Mail menu and /notifications current: the shopper's room says when notices were
 * written or read elsewhere (another tab, a rival's bid), and a socket resync refetches too.
 */
export function useLiveNotifications(): void {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const refresh = useCallback(
    () => void queryClient.invalidateQueries({ queryKey: notificationKeys.all() }),
    [queryClient],
  );
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === 'NotificationsChangedV1') refresh();
    },
    [refresh],
  );
  useRealtimeEvents(onEvent, refresh, user !== null);
}
