import type { MyBidsFilter, MyBidsResponse } from '@rebound/contract/bidding';
import { API } from '@rebound/contract/routes';
import { useQuery } from '@tanstack/react-query';
import { meKeys } from '../../lib/query-keys';
import { getTimedJson } from '../../lib/server-clock';
import { useSession } from '../../lib/session';

/** The account's My Bids list for one filter; while signed in only. */
export function useMyBids(filter: MyBidsFilter) {
  const { user } = useSession();
  return useQuery({
    queryKey: [...meKeys.bidsAll(), filter] as const,
    queryFn: async ({ signal }) => {
      const answer = await getTimedJson<MyBidsResponse>(`${API.meBids}?filter=${filter}`, signal);
      return answer;
    },
    enabled: user !== null,
    placeholderData: (previous) => previous,
  });
}
