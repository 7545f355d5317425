import { type APIRequestContext, expect, type Page, request, test } from '@playwright/test';
import { type AuctionState, auctionState, freshAuction, money, signIn, toast } from './support/shopper';

// The account's My Bids and Watchlist tabs, reached from the header badges: the lists come from
// real bids and watches, and follow a rival's bid without a reload. Each project has its own pair of
// demo shoppers (the bidding journeys use others).

const SHOPPERS = {
  desktop: {
    first: 'felix@rebound.test',
    second: { email: 'hiro@rebound.test', handle: 'hiro_t' },
    third: 'ben@rebound.test',
  },
  phone: {
    first: 'isla@rebound.test',
    second: { email: 'jonah@rebound.test', handle: 'jonah_r' },
    third: 'ava@rebound.test',
  },
} as const;

async function bid(api: APIRequestContext, auctionId: string, cents: number) {
  const placed = await api.post(`/api/auctions/${auctionId}/bids`, {
    data: { amount: (cents / 100).toFixed(2) },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  return (await placed.json()) as AuctionState & { isLeader: boolean };
}

async function minimum(api: APIRequestContext, auctionId: string): Promise<number> {
  const state = await auctionState(api, auctionId);
  return state.auction.minimumNextBidCents;
}

const filters = (page: Page) => page.getByRole('navigation', { name: 'Filter your bids' });

/** Follows a header badge: in the header from tablet width, in the side menu on phones. */
async function followBadge(page: Page, isMobile: boolean, key: 'winning' | 'losing' | 'watching') {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog').getByTestId(`badge-${key}`).click();
  } else {
    await page.getByRole('banner').getByTestId(`badge-${key}`).click();
  }
}

test('the Winning badge opens My Bids, which follows a rival’s bid live, and Losing shows the history', async ({
  page,
  context,
  baseURL,
  isMobile,
}, testInfo) => {
  test.setTimeout(60_000);
  const pair = SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS];
  await signIn(context.request, pair.first);
  const rival = await request.newContext({ baseURL });
  await signIn(rival, pair.second.email);

  const card = await freshAuction(context.request, 10 * 60_000);
  const myMax = (await minimum(context.request, card.auctionId)) + 1_000;
  expect((await bid(context.request, card.auctionId, myMax)).isLeader).toBe(true);

  await page.goto('/');
  await followBadge(page, isMobile, 'winning');
  await expect(page).toHaveURL(/\/account\?tab=bids&filter=winning$/);
  await expect(page.getByRole('tab', { name: 'My Bids', selected: true })).toBeVisible();
  await expect(filters(page).getByRole('link', { name: /^Winning/ })).toHaveAttribute('aria-current', 'page');
  const row = page.getByTestId('my-bid').filter({ hasText: card.title });
  await expect(row).toBeVisible();
  await expect(row).toContainText(`Your highest${money(myMax)}`);
  await expect(row).toContainText('🏆 Winning');
  await expect(row).toContainText('1 bid');
  await expect(row.getByRole('timer', { name: 'Time left' })).toBeVisible();

  // The rival bids higher elsewhere: the row leaves Winning without a reload.
  const theirs = await bid(rival, card.auctionId, myMax + 2_000);
  expect(theirs.isLeader).toBe(true);
  await expect(row).toHaveCount(0);

  await filters(page)
    .getByRole('link', { name: /^Losing/ })
    .click();
  await expect(page).toHaveURL(/\/account\?tab=bids&filter=losing$/);
  const lost = page.getByTestId('my-bid').filter({ hasText: card.title });
  await expect(lost).toContainText('Outbid');
  await expect(lost).toContainText(`Current high${money(theirs.auction.currentPriceCents)}`);
  await lost.getByRole('button', { name: 'Show bid history' }).click();
  const firstRow = lost.getByTestId('bid-history').getByRole('listitem').first();
  await expect(firstRow).toContainText(pair.second.handle);
  await expect(firstRow).toContainText('Highest');
  await expect(lost.getByTestId('bid-history')).toContainText('You');
  await lost.getByRole('button', { name: 'Hide bid history' }).click();
  await expect(lost.getByTestId('bid-history')).toBeHidden();

  // Still on Losing, a third shopper's bid (no news for our shopper's own room) moves the current
  // high: the tab follows the auction's room.
  const third = await request.newContext({ baseURL });
  await signIn(third, pair.third);
  const moved = await bid(third, card.auctionId, await minimum(third, card.auctionId));
  expect(moved.isLeader).toBe(false);
  expect(moved.auction.currentPriceCents).toBeGreaterThan(theirs.auction.currentPriceCents);
  await expect(lost).toContainText(`Current high${money(moved.auction.currentPriceCents)}`);
  await third.dispose();

  // All lists it too, and the filters keep their place in the history.
  await filters(page).getByRole('link', { name: /^All/ }).click();
  await expect(page).toHaveURL(/\/account\?tab=bids$/);
  await expect(page.getByTestId('my-bid').filter({ hasText: card.title })).toContainText('Outbid');
  await rival.dispose();
});

test('the Watching badge opens the Watchlist: current bid, time left, Place Bid and Remove', async ({
  page,
  context,
  baseURL,
  isMobile,
}, testInfo) => {
  const pair = SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS];
  await signIn(context.request, pair.first);
  const card = await freshAuction(context.request, 10 * 60_000);
  const watched = await context.request.put(`/api/auctions/${card.auctionId}/watch`);
  expect(watched.status(), await watched.text()).toBe(200);

  await page.goto('/shop');
  await followBadge(page, isMobile, 'watching');
  await expect(page).toHaveURL(/\/account\?tab=watchlist$/);
  await expect(page.getByRole('tab', { name: 'Watchlist', selected: true })).toBeVisible();
  const list = (await (await context.request.get('/api/me/watchlist')).json()) as { items: unknown[] };
  await expect(page.getByRole('heading', { name: `My Watchlist (${list.items.length})` })).toBeVisible();

  const item = page.getByTestId('watchlist-item').filter({ hasText: card.title });
  // Nobody has bid: $0.00, with the opening bid beside it.
  await expect(item).toContainText('Current bid$0.00');
  await expect(item.getByRole('timer', { name: 'Time left' })).toBeVisible();
  // Another shopper's bid shows without a reload.
  const rival = await request.newContext({ baseURL });
  await signIn(rival, pair.second.email);
  const placed = await bid(rival, card.auctionId, await minimum(rival, card.auctionId));
  await expect(item).toContainText(`Current bid${money(placed.auction.currentPriceCents)}`);
  await rival.dispose();

  await item.getByRole('link', { name: 'Place Bid' }).click();
  await expect(page).toHaveURL(new RegExp(`/product/${card.slug}$`));
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
  await page.goBack();

  await item.getByRole('button', { name: `Remove ${card.title} from watchlist` }).click();
  await expect(toast(page, 'Removed from watchlist')).toBeVisible();
  await expect(item).toHaveCount(0);
  await expect(page.getByRole('heading', { name: `My Watchlist (${list.items.length - 1})` })).toBeVisible();
});
