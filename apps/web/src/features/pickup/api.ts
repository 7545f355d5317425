import type {
  AppointmentsResponse,
  AvailableSlotsResponse,
  CancelPickupResponse,
  SchedulePickupRequest,
  SchedulePickupResponse,
} from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sendJson } from '../../lib/api-client';
import { useRefetchOnOrdersChanged } from '../../lib/orders-changed';
import { meKeys } from '../../lib/query-keys';
import { USER_SCOPE } from '../../lib/query-scope';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';

// Keys only this feature reads; under USER_SCOPE so that signing out drops them.
const pickupKeys = {
  slots: (orderId: string) => [USER_SCOPE, 'pickup-slots', orderId] as const,
  appointments: () => [USER_SCOPE, 'appointments'] as const,
};

/** How often the open pickup page rereads the slot counts (others book while it is open). */
const SLOTS_REFRESH_MS = 30_000;

/** The order's bookable slots by Vancouver date (GET /api/pickup/slots). */
export function usePickupSlots(orderId: string, enabled = true) {
  return useQuery({
    queryKey: pickupKeys.slots(orderId),
    queryFn: ({ signal }) =>
      getTimedJson<AvailableSlotsResponse>(
        `${API.pickupSlots}?${new URLSearchParams({ orderId, days: '14' })}`,
        signal,
      ),
    enabled,
    refetchInterval: SLOTS_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
}

/** Everything a booking, a move or a cancel changes: the orders, the appointments and the slots. */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return useCallback(
    (orderId: string) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: meKeys.orders() }),
        queryClient.invalidateQueries({ queryKey: pickupKeys.appointments() }),
        queryClient.invalidateQueries({ queryKey: pickupKeys.slots(orderId) }),
      ]),
    [queryClient],
  );
}

/** Books a slot for the order, or moves its appointment there (POST /api/pickup/appointments). */
export function useSchedulePickup() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: SchedulePickupRequest) =>
      sendJson<SchedulePickupResponse>('POST', API.pickupAppointments, body),
    onSettled: (_data, _error, body) => refresh(body.orderId),
  });
}

/** Cancels the order's appointment (DELETE /api/pickup/appointments/:orderId). */
export function useCancelPickup() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (orderId: string) => sendJson<CancelPickupResponse>('DELETE', API.pickupAppointment(orderId)),
    onSettled: (_data, _error, orderId) => refresh(orderId),
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
