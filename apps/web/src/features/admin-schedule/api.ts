import type { LocationsResponse } from '@rebound/contract/catalog';
import type {
  PickupScheduleBody,
  PickupScheduleResponse,
  SchedulePreviewResponse,
} from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const keys = {
  schedule: (locationId: string) => [USER_SCOPE, 'admin-schedule', locationId] as const,
};

export function useScheduleLocations() {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => getJson<z.infer<typeof LocationsResponse>>(API.locations, signal),
    staleTime: 5 * 60_000,
  });
}

export function useSchedule(locationId: string | undefined) {
  return useQuery({
    queryKey: keys.schedule(locationId ?? ''),
    enabled: Boolean(locationId),
    queryFn: ({ signal }) => getJson<PickupScheduleResponse>(API.adminPickupSchedule(locationId!), signal),
  });
}

export function usePreviewSchedule(locationId: string) {
  return useMutation({
    mutationFn: (body: PickupScheduleBody) =>
      sendJson<SchedulePreviewResponse>('POST', API.adminPickupSchedulePreview(locationId), body),
  });
}

export function useSaveSchedule(locationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PickupScheduleBody) =>
      sendJson<PickupScheduleResponse>('PUT', API.adminPickupSchedule(locationId), body),
    onSuccess: (answer) => queryClient.setQueryData(keys.schedule(locationId), answer),
  });
}
