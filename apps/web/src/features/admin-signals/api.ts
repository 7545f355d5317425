import type { SignalReviewedResponse, SignalsResponse } from '@rebound/contract/admin-signals';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const signalsKey = [USER_SCOPE, 'admin', 'signals'] as const;

/** The accounts with signals of unfair bidding, strongest first (computed by the server when asked). */
export function useSignals() {
  return useQuery({
    queryKey: signalsKey,
    queryFn: ({ signal }) => getJson<SignalsResponse>(API.adminSignals, signal),
  });
}

/** Marks an account's signals reviewed: they stay quiet until something new fires. */
export function useMarkReviewed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => sendJson<SignalReviewedResponse>('POST', API.adminSignalReviewed(userId)),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: signalsKey });
      void queryClient.invalidateQueries({ queryKey: [USER_SCOPE, 'admin', 'audit'] });
    },
  });
}
