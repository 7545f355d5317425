import type {
  AppointmentsResponse,
  AvailableSlotsResponse,
  CancelPickupResponse,
  SchedulePickupRequest,
  SchedulePickupResponse,
} from '@rebound/contract/pickup';
import type { ServerEvent } from '@rebound/contract/realtime';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { sendJson } from '../../lib/api-client';
import { useRefetchOnOrdersChanged } from '../../lib/orders-changed';
import { meKeys } from '../../lib/query-keys';
import { USER_SCOPE } from '../../lib/query-scope';
import { useLocationRoom, useRealtimeEvents } from '../../lib/realtime';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';

// Keys only this feature reads; under USER_SCOPE so that signing out drops them.
const pickupKeys = {
  /** By the visit's orders ('a' or 'a,b,c', sorted). */
  slots: (orderKey: string) => [USER_SCOPE, 'pickup-slots', orderKey] as const,
  appointments: () => [USER_SCOPE, 'appointments'] as const,
};

/**
 * A fallback reread of the slot counts: the page normally hears of others' bookings over the
 * WebSocket (PickupSlotsChangedV1 in the location's room) and refetches at once.
 */
const SLOTS_REFRESH_MS = 120_000;
/**
 * After an event, wait a moment (up to this, at random) and refetch once: a burst of bookings makes
 * one reread, and the pages open at one location do not all ask in the same millisecond.
 */
const EVENT_REFETCH_SPREAD_MS = 800;

/**
 * Refetches the slots when someone books, moves or cancels at the location (or the socket resyncs).
 */
function useLiveSlots(orderId: string, locationId: string | undefined) {
  const queryClient = useQueryClient();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useLocationRoom(locationId);
  const refetchSoon = useCallback(() => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(
      () => {
        timer.current = undefined;
        void queryClient.invalidateQueries({ queryKey: pickupKeys.slots(orderId) });
      },
      100 + Math.random() * EVENT_REFETCH_SPREAD_MS,
    );
  }, [queryClient, orderId]);
  useEffect(() => () => clearTimeout(timer.current), []);
  const onEvent = useCallback(
    (event: ServerEvent) => {
      if (event.type === 'PickupSlotsChangedV1' && event.locationId === locationId) refetchSoon();
    },
    [locationId, refetchSoon],
  );
  useRealtimeEvents(onEvent, refetchSoon, locationId !== undefined);
}

/** The query a visit's orders make: `orderId` for one, `orderIds=a,b,c` for several. */
function visitParams(orderIds: readonly string[]): Record<string, string> {
  const sorted = [...orderIds].sort();
  return sorted.length === 1 ? { orderId: sorted[0]! } : { orderIds: sorted.join(',') };
}

/**
 * The bookable slots of a visit of these orders by Vancouver date (GET /api/pickup/slots): the dates
 * all their windows share, kept live while shown.
 */
export function usePickupSlots(orderIds: readonly string[], enabled = true) {
  const orderId = [...orderIds].sort().join(',');
  const query = useQuery({
    queryKey: pickupKeys.slots(orderId),
    queryFn: ({ signal }) =>
      getTimedJson<AvailableSlotsResponse>(
        `${API.pickupSlots}?${new URLSearchParams({ ...visitParams(orderIds), days: '14' })}`,
        signal,
      ),
    enabled,
    // Ticking an order in or out of the visit asks again; the form stays (with its chosen date)
    // on the previous answer until the new one lands.
    placeholderData: keepPreviousData,
    refetchInterval: SLOTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  useLiveSlots(orderId, enabled ? query.data?.locationId : undefined);
  return query;
}

/** Everything a booking, a move or a cancel changes: the orders, the appointments and the slots. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: pickupKeys.appointments() }),
        queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'pickup-slots'] }),
      ]),
    [queryClient],
  );
}

/** Books one visit for the orders, or moves their visit there (POST /api/pickup/appointments). */
export function useSchedulePickup() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: SchedulePickupRequest) =>
      sendJson<SchedulePickupResponse>('POST', API.pickupAppointments, body),
    onSettled: () => refresh(),
  });
}

/** Cancels the order's visit, all its orders (DELETE /api/pickup/appointments/:orderId). */
export function useCancelPickup() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (orderId: string) => sendJson<CancelPickupResponse>('DELETE', API.pickupAppointment(orderId)),
    onSettled: () => refresh(),
  });
}

/** The Appointments tab: scheduled and completed pickups by date (GET /api/me/appointments). */
export function useMyAppointments() {
  const { user } = useSession();
  // An order that changed (booked in another tab, handed over at the desk) changes its appointment.
  useRefetchOnOrdersChanged(pickupKeys.appointments(), user !== null);
  return useQuery({
    queryKey: pickupKeys.appointments(),
    queryFn: ({ signal }) => getTimedJson<AppointmentsResponse>(API.meAppointments, signal),
    enabled: user !== null,
  });
}
