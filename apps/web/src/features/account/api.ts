import type { LocationsResponse } from '@rebound/contract/catalog';
import {
  type NotificationSettingsPatch,
  PROFILE_TEXT,
  type Profile,
  type ProfileResponse,
  type ProfileUpdateResponse,
} from '@rebound/contract/profile';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { errorMessageOf, getJson, sendJson } from '../../lib/api-client';
import { meKeys } from '../../lib/query-keys';
import { USER_SCOPE } from '../../lib/query-scope';
import { toast } from '../../lib/toast';

type UpdateAnswer = z.infer<typeof ProfileUpdateResponse>;

/** The failure text of a spending-limit change (the server's reason shows underneath). */
export const SPENDING_LIMIT_FAILED = 'Failed to update your spending limit';

export const accountKeys = {
  profile: () => [USER_SCOPE, 'profile'] as const,
  locations: () => ['locations'] as const,
};

/** The signed-in user's own profile: contact, pickup location, notification settings. */
export function useProfile() {
  return useQuery({
    queryKey: accountKeys.profile(),
    queryFn: async ({ signal }) =>
      (await getJson<z.infer<typeof ProfileResponse>>(API.profile, signal)).profile,
  });
}

/** Active pickup locations, by name. */
export function useLocations() {
  return useQuery({
    queryKey: accountKeys.locations(),
    queryFn: async ({ signal }) =>
      (await getJson<z.infer<typeof LocationsResponse>>(API.locations, signal)).locations,
    staleTime: 10 * 60_000,
  });
}

/** The id a profile change's error toast carries (lib/toast.ts): its success closes it. */
export function profileChangeAction(path: string): string {
  return `profile:${path}`;
}

/**
 * One profile change: on success the server's answer (success text + the whole profile) replaces the
 * cached profile; on failure the catalogue's failure text, with the server's reason underneath.
 */
function useProfileChange<T>(
  path: string,
  failure: string,
  body: (input: T) => unknown,
  /** Other answers the change alters (refetched after it). */
  alters: readonly (readonly unknown[])[] = [],
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: T) => sendJson<UpdateAnswer>('PATCH', path, body(input)),
    onSuccess: (answer) => {
      queryClient.setQueryData<Profile>(accountKeys.profile(), answer.profile);
      for (const queryKey of alters) void queryClient.invalidateQueries({ queryKey });
      toast.succeeded(profileChangeAction(path));
      toast.success(answer.message);
    },
    onError: (error) => {
      const reason = errorMessageOf(error);
      toast.failed(
        profileChangeAction(path),
        failure,
        reason === failure ? undefined : { description: reason },
      );
    },
  });
}

export function useUpdatePhone() {
  return useProfileChange(API.profilePhone, PROFILE_TEXT.phoneFailed, (phone: string) => ({ phone }));
}

/** The spending limit in dollars as typed, or null to remove it (the server reads and bounds it). */
export function useUpdateSpendingLimit() {
  return useProfileChange(
    API.profileSpendingLimit,
    SPENDING_LIMIT_FAILED,
    (spendingLimit: string | null) => ({ spendingLimit }),
    // My Bids' figures (their key is under My Bids') show the limit.
    [meKeys.bidsAll()],
  );
}

export function useUpdateLocation() {
  return useProfileChange(API.profileLocation, PROFILE_TEXT.locationFailed, (locationId: string) => ({
    locationId,
  }));
}

export function useUpdateNotificationSettings() {
  return useProfileChange(
    API.profileNotificationSettings,
    PROFILE_TEXT.notificationsFailed,
    (settings: z.input<typeof NotificationSettingsPatch>) => ({ settings }),
  );
}
