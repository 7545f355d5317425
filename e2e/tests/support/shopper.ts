import type { Page } from '@playwright/test';
import { type APIRequestContext, expect } from '@playwright/test';
import type { AuctionStateResponse } from '@rebound/contract/bidding';
import type { ShopResponse } from '@rebound/contract/catalog';

// What the shopper journeys share: the demo password, the app's own money format, toasts, signing in
// over the API, and finding a lot nobody has bid on yet.

export { formatCents as money } from '@rebound/core/money';

/** Every demo shopper's password (seed/README.md). */
export const DEMO_PASSWORD = 'shopper-demo-2026';

export type Card = ShopResponse['items'][number];
export type AuctionState = AuctionStateResponse;

/** The toast with this title. */
export function toast(page: Page, title: string) {
  return page.locator('[data-sonner-toast]').filter({ hasText: title });
}

export async function signIn(api: APIRequestContext, email: string): Promise<void> {
  const response = await api.post('/api/auth/sign-in', { data: { email, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
}

/**
 * The live auction nobody has bid on and without a hidden reserve that ends soonest, at least
 * `minRemainingMs` from now (a leader below a reserve is not 'Winning', which the journeys expect).
 */
export async function freshAuction(api: APIRequestContext, minRemainingMs: number): Promise<Card> {
  for (let page = 1; page <= 5; page++) {
    const shop = (await (await api.get(`/api/shop?sort=ending&page=${page}`)).json()) as ShopResponse;
    const now = Date.parse(shop.serverTime);
    for (const card of shop.items) {
      if (card.bidCount !== 0 || Date.parse(card.endTime) - now <= minRemainingMs) continue;
      if (!(await auctionState(api, card.auctionId)).auction.hasReserve) return card;
    }
    if (page >= shop.pageCount) break;
  }
  throw new Error('no live auction without bids in the demo data');
}

export async function auctionState(api: APIRequestContext, auctionId: string): Promise<AuctionState> {
  return (await (await api.get(`/api/auctions/${auctionId}`)).json()) as AuctionState;
}
