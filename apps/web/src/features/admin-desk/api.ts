import type { LocationsResponse } from '@rebound/contract/catalog';
import { DESK_MARK_PATHS, type DeskMarkKind, type DeskMarkResponse } from '@rebound/contract/desk-marks';
import type { DeskLookupResponse, DeskOrderResponse, DeskTodayResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const keys = {
  all: [USER_SCOPE, 'admin-desk'] as const,
  day: (locationId: string, date: string) => [USER_SCOPE, 'admin-desk', 'day', locationId, date] as const,
  lookup: (search: DeskSearch | null) => [USER_SCOPE, 'admin-desk', 'lookup', search] as const,
};

export function useLocations() {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => getJson<z.infer<typeof LocationsResponse>>(API.locations, signal),
    staleTime: 5 * 60_000,
  });
}

/** The day's booked slots; refreshed every minute so a booking made meanwhile shows up. */
export function useDeskDay(locationId: string | undefined, date: string) {
  return useQuery({
    queryKey: keys.day(locationId ?? '', date),
    enabled: Boolean(locationId),
    queryFn: ({ signal }) =>
      getJson<DeskTodayResponse>(
        `${API.adminPickupToday}?locationId=${encodeURIComponent(locationId!)}${date ? `&date=${date}` : ''}`,
        signal,
      ),
    refetchInterval: 60_000,
  });
}

/** What the desk searches: a pickup code (typed or scanned), or a name, email or order number. */
export type DeskSearch = { code: string } | { q: string };

export function useDeskLookup(search: DeskSearch | null) {
  return useQuery({
    queryKey: keys.lookup(search),
    enabled: search !== null,
    queryFn: ({ signal }) =>
      getJson<DeskLookupResponse>(
        `${API.adminPickupLookup}?${
          search && 'code' in search
            ? `code=${encodeURIComponent(search.code)}`
            : `q=${encodeURIComponent(search?.q ?? '')}`
        }`,
        signal,
      ),
    retry: false,
  });
}

export function useDeskAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      orderId,
      action,
      early = false,
    }: {
      orderId: string;
      action: 'ready' | 'complete';
      /** Staff hand over before the booked day on purpose. */
      early?: boolean;
    }) =>
      action === 'ready'
        ? sendJson<DeskOrderResponse>('POST', API.adminPickupReady(orderId))
        : sendJson<DeskOrderResponse>('POST', API.adminPickupComplete(orderId), {
            idChecked: true,
            ...(early ? { early: true } : {}),
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}

/** Marks the item missing or damaged: the server refunds the order in full, once, and tells the shopper. */
export function useDeskMark() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ orderId, kind, note }: { orderId: string; kind: DeskMarkKind; note?: string }) =>
      sendJson<DeskMarkResponse>('POST', DESK_MARK_PATHS.mark(orderId), { kind, ...(note ? { note } : {}) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keys.all }),
  });
}
