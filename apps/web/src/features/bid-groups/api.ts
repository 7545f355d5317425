import type {
  BidGroupResponse,
  CreateBidGroupRequest,
  MyBidGroupsResponse,
  UpdateBidGroupRequest,
} from '@rebound/contract/bid-groups';
import type { ProductDetail } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { sendJson } from '../../lib/api-client';
import { catalogKeys, meKeys } from '../../lib/query-keys';
import { USER_SCOPE } from '../../lib/query-scope';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';

// Bid groups ('win N of these', docs/product.md "Bid groups"): the shopper's groups in My Bids, and
// making, changing and cancelling one (contract bid-groups.ts). The server decides everything.

export const bidGroupKeys = {
  /** The signed-in shopper's groups (dropped on sign-in and sign-out with USER_SCOPE). */
  mine: () => [USER_SCOPE, 'bid-groups'] as const,
};

/** The shopper's groups: active first, then the rest, newest first; while signed in only. */
export function useMyBidGroups() {
  const { user } = useSession();
  return useQuery({
    queryKey: bidGroupKeys.mine(),
    queryFn: ({ signal }) => getTimedJson<MyBidGroupsResponse>(API.meBidGroups, signal),
    enabled: user !== null,
  });
}

/** After a group changed: its list, and My Bids (a group's maximums are ordinary bids). */
function useRefreshAfterChange() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: bidGroupKeys.mine() });
    void queryClient.invalidateQueries({ queryKey: meKeys.bidsAll() });
    void queryClient.invalidateQueries({ queryKey: meKeys.summary() });
  };
}

export function useCreateBidGroup() {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: CreateBidGroupRequest) => sendJson<BidGroupResponse>('POST', API.bidGroups, body),
    onSuccess: refresh,
  });
}

export function useUpdateBidGroup(groupId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: (body: UpdateBidGroupRequest) =>
      sendJson<BidGroupResponse>('PATCH', API.bidGroup(groupId), body),
    onSuccess: ({ group }) => {
      // The group as the server changed it, shown at once; the list is fetched again behind it.
      queryClient.setQueryData<MyBidGroupsResponse>(bidGroupKeys.mine(), (old) =>
        old ? { ...old, groups: old.groups.map((g) => (g.id === group.id ? group : g)) } : old,
      );
      refresh();
    },
  });
}

export function useCancelBidGroup(groupId: string) {
  const refresh = useRefreshAfterChange();
  return useMutation({
    mutationFn: () => sendJson<BidGroupResponse>('DELETE', API.bidGroup(groupId)),
    onSuccess: refresh,
  });
}

/**
 * The sale terms of lots the builder got without them (the product page's other lots of the item):
 * each lot's product answer, under the catalogue's own key (the same cache its page reads).
 */
export function useLotTerms(slugs: readonly string[]) {
  return useQueries({
    queries: slugs.map((slug) => ({
      queryKey: catalogKeys.product(slug),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        getTimedJson<ProductDetail>(API.product(slug), signal),
      staleTime: 60_000,
    })),
  });
}
