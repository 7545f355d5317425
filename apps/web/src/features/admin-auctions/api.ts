import type {
  AdminAuctionDetail,
  AdminAuctionList,
  AuctionSettingsInput,
  CreateAuctionInput,
  CreateDropInput,
  DropCreated,
  DropList,
  SecondChanceInput,
} from '@rebound/contract/admin-auctions';
import type { AdminProduct, AdminProductList } from '@rebound/contract/admin-catalogue';
import type { LocationsResponse } from '@rebound/contract/catalog';
import { API } from '@rebound/contract/routes';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { getJson, sendJson } from '../../lib/api-client';

export const auctionKeys = {
  all: ['admin', 'auctions'] as const,
  list: (qs: string) => ['admin', 'auctions', 'list', qs] as const,
  auction: (id: string) => ['admin', 'auctions', 'auction', id] as const,
  drops: ['admin', 'auctions', 'drops'] as const,
  products: (qs: string) => ['admin', 'auctions', 'products', qs] as const,
};

export function useAuctionList(qs: string) {
  return useQuery({
    queryKey: auctionKeys.list(qs),
    queryFn: ({ signal }) => getJson<AdminAuctionList>(`${API.adminAuctions}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useAuction(id: string | undefined) {
  return useQuery({
    queryKey: auctionKeys.auction(id ?? ''),
    queryFn: ({ signal }) => getJson<AdminAuctionDetail>(API.adminAuction(id!), signal),
    enabled: Boolean(id),
  });
}

export function useDrops() {
  return useQuery({
    queryKey: auctionKeys.drops,
    queryFn: ({ signal }) => getJson<DropList>(API.adminDrops, signal),
    staleTime: 30_000,
  });
}

export function useLocations() {
  return useQuery({
    queryKey: ['locations'],
    queryFn: ({ signal }) => getJson<z.infer<typeof LocationsResponse>>(API.locations, signal),
    staleTime: 5 * 60_000,
  });
}

/** Products that may be put up for auction (drafts, unsold, to relist), searched through the catalogue API. */
export function useSchedulableProducts(q: string, status: string, pageSize = 25) {
  const params = new URLSearchParams({ pageSize: String(pageSize), sort: 'updated', dir: 'desc' });
  if (q.trim()) params.set('q', q.trim());
  if (status) params.set('status', status);
  const qs = params.toString();
  return useQuery({
    queryKey: auctionKeys.products(qs),
    queryFn: ({ signal }) => getJson<AdminProductList>(`${API.adminProducts}?${qs}`, signal),
    placeholderData: keepPreviousData,
  });
}

export function useProductSummary(id: string | null) {
  return useQuery({
    queryKey: ['admin', 'auctions', 'product', id ?? ''],
    queryFn: ({ signal }) => getJson<AdminProduct>(API.adminProduct(id!), signal),
    enabled: Boolean(id),
  });
}

function useAuctionWrite<V>(write: (v: V) => Promise<AdminAuctionDetail>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (auction) => {
      client.setQueryData(auctionKeys.auction(auction.id), auction);
      void client.invalidateQueries({ queryKey: [...auctionKeys.all, 'list'] });
      void client.invalidateQueries({ queryKey: [...auctionKeys.all, 'products'] });
    },
  });
}

export function useCreateAuction() {
  return useAuctionWrite((input: CreateAuctionInput) =>
    sendJson<AdminAuctionDetail>('POST', API.adminAuctions, input),
  );
}

export function useUpdateAuction(id: string) {
  return useAuctionWrite((input: AuctionSettingsInput) =>
    sendJson<AdminAuctionDetail>('PUT', API.adminAuction(id), input),
  );
}

export function useRelistAuction(id: string) {
  return useAuctionWrite((input: AuctionSettingsInput) =>
    sendJson<AdminAuctionDetail>('POST', API.adminAuctionRelist(id), input),
  );
}

export function useCancelAuction(id: string) {
  return useAuctionWrite((reason: string) =>
    sendJson<AdminAuctionDetail>('POST', API.adminAuctionCancel(id), { reason }),
  );
}

/** The store cancels one shopper's maximum on the live lot (the reason is kept in the audit only). */
export function useCancelBid(id: string) {
  return useAuctionWrite(({ userId, reason }: { userId: string; reason: string }) =>
    sendJson<AdminAuctionDetail>('POST', API.adminAuctionBidCancel(id, userId), reason ? { reason } : {}),
  );
}

export function useSecondChanceOffer(id: string) {
  return useAuctionWrite((input: SecondChanceInput) =>
    sendJson<AdminAuctionDetail>('POST', API.adminAuctionOffers(id), input),
  );
}

export function useWithdrawOffer(id: string) {
  return useAuctionWrite((reason: string) =>
    sendJson<AdminAuctionDetail>('POST', API.adminAuctionOfferWithdraw(id), { reason }),
  );
}

export function useCreateDrop() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateDropInput) => sendJson<DropCreated>('POST', API.adminDrops, input),
    onSuccess: () => void client.invalidateQueries({ queryKey: auctionKeys.all }),
  });
}
