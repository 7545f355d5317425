import type { SuggestResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { getJson } from '../../lib/api-client';

/**
 * Suggestions for the words typed so far (GET /api/shop/suggest). Off below `enabled`; the last
 * answer stays on screen while the next is on its way, so the list does not blink at each letter.
 */
export function useSuggestions(q: string, enabled: boolean) {
  return useQuery({
    queryKey: ['shop', 'suggest', q],
    queryFn: ({ signal }) =>
      getJson<SuggestResponse>(`${API.shopSuggest}?${new URLSearchParams({ q })}`, signal),
    enabled,
    staleTime: 60_000,
    placeholderData: (previous) => previous,
  });
}
