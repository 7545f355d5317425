import type { DevMessagesResponse } from '@rebound/contract/auth';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson } from '../../lib/api-client';

/** What the local email and SMS stand-ins "sent", newest first. Outside development the server says 404. */
export function useDevMessages() {
  return useQuery({
    queryKey: ['dev-messages'],
    queryFn: async ({ signal }) =>
      (await getJson<z.infer<typeof DevMessagesResponse>>(`${API.devMessages}?limit=200`, signal)).messages,
    staleTime: 0,
    // New mail shows up by itself while the page is open.
    refetchInterval: (query) => (query.state.status === 'error' ? false : 5_000),
  });
}
