import { API } from '@rebound/contract/routes';
import type { UnsubscribeInfo, UnsubscribeResponse } from '@rebound/contract/unsubscribe';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';

const path = (token: string) => `${API.unsubscribe}?token=${encodeURIComponent(token)}`;
const key = (token: string) => ['unsubscribe', token] as const;

/** What the emailed link is for; reading it changes nothing. */
export function useUnsubscribeInfo(token: string | null) {
  return useQuery({
    queryKey: key(token ?? ''),
    queryFn: ({ signal }) => getJson<UnsubscribeInfo>(path(token ?? ''), signal),
    enabled: token !== null,
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The one button: unsubscribes (the same answer however often). */
export function useUnsubscribe(token: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => sendJson<UnsubscribeResponse>('POST', path(token), {}),
    onSuccess: (answer) => client.setQueryData<UnsubscribeInfo>(key(token), answer),
  });
}
