import type { OfferView } from '@rebound/contract/admin-auctions';
import { API } from '@rebound/contract/routes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getJson, sendJson } from '../../lib/api-client';
import { USER_SCOPE } from '../../lib/query-scope';

const offerKey = (id: string) => [USER_SCOPE, 'offer', id] as const;

export function useOffer(id: string) {
  return useQuery({
    queryKey: offerKey(id),
    queryFn: ({ signal }) => getJson<OfferView>(API.offer(id), signal),
  });
}

/** Accept or decline; the answer replaces the cached offer, and the orders refresh. */
export function useAnswerOffer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') =>
      sendJson<OfferView>('POST', answer === 'accept' ? API.offerAccept(id) : API.offerDecline(id)),
    onSuccess: (offer) => {
      client.setQueryData(offerKey(id), offer);
      void client.invalidateQueries({ queryKey: [USER_SCOPE] });
    },
  });
}
