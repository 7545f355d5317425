import { type BrowserContext, expect, type Page, request, test } from '@playwright/test';
import { auctionState, freshAuction, money, signIn, toast } from './support/shopper';

// Live bidding on the product page, against the real server: a shopper bids through the page, a
// second shopper (another browser session, over HTTP) outbids them, the page follows over the
// WebSocket without a reload, a late bid extends the auction, and moving the server's test clock
// past the end shows the final state. Each project uses its own pair of demo shoppers.

const SHOPPERS = {
  desktop: {
    first: { email: 'chloe@rebound.test', handle: 'chloe_n' },
    second: { email: 'dev@rebound.test', handle: 'dev_p' },
  },
  phone: {
    first: { email: 'emma@rebound.test', handle: 'emma_w' },
    second: { email: 'grace@rebound.test', handle: 'grace_s' },
  },
} as const;

async function badgeCount(
  page: Page,
  isMobile: boolean,
  key: 'winning' | 'losing' | 'watching',
): Promise<number> {
  if (isMobile) {
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog');
    const text = await menu.getByTestId(`badge-${key}-count`).textContent();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();
    return Number(text);
  }
  return Number(await page.getByRole('banner').getByTestId(`badge-${key}-count`).textContent());
}

async function expectBadge(
  page: Page,
  isMobile: boolean,
  key: 'winning' | 'losing' | 'watching',
  value: number,
) {
  if (isMobile) {
    await expect.poll(() => badgeCount(page, true, key), { timeout: 7_000 }).toBe(value);
  } else {
    await expect(page.getByRole('banner').getByTestId(`badge-${key}-count`)).toHaveText(String(value));
  }
}

async function signedInPage(context: BrowserContext, email: string): Promise<void> {
  await signIn(context.request, email);
}

test('bid through the page, get outbid live, see a soft-close extension and the final result', async ({
  page,
  context,
  baseURL,
  isMobile,
}, testInfo) => {
  test.setTimeout(60_000);
  const pair = SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS];
  await signedInPage(context, pair.first.email);
  const second = await request.newContext({ baseURL });
  await signIn(second, pair.second.email);
  const card = await freshAuction(context.request, 4 * 60_000);

  await page.goto(`/product/${card.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: card.title })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Auction' });
  await expect(panel.getByTestId('bid-count')).toHaveText('0 bids');
  await expect(page.getByText('No bids yet. Be the first to bid!')).toBeVisible();
  const winningBefore = await badgeCount(page, isMobile, 'winning');
  const losingBefore = await badgeCount(page, isMobile, 'losing');

  // A maximum below the minimum is refused with its message, before anything is sent.
  const input = page.getByLabel('Your maximum bid (CAD)');
  const min = Number(await input.getAttribute('min'));
  expect(min).toBeGreaterThan(0);
  await input.fill(String(min - 0.01));
  await page.getByRole('button', { name: 'Place max bid' }).click();
  await expect(page.getByText(`Highest bid must be at least ${money(Math.round(min * 100))}`)).toBeVisible();
  // So is a maximum above the bound the server accepts (core checkMaxBidRequest, asked by both).
  await input.fill('100001');
  await page.getByRole('button', { name: 'Place max bid' }).click();
  await expect(page.getByText('The highest maximum bid we accept is $100,000.00.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Confirm your maximum bid' })).toHaveCount(0);

  // A real maximum: the all-in cost (15% premium, 7% PST, 5% GST at the BC defaults) before confirming.
  const myMax = Math.round(min * 100) + 1_000;
  await input.fill((myMax / 100).toFixed(2));
  await page.getByRole('button', { name: 'Place max bid' }).click();
  const confirm = page.getByRole('region', { name: 'Confirm your maximum bid' });
  await expect(confirm).toBeVisible();
  const premium = Math.round(myMax * 0.15);
  const pst = Math.round((myMax + premium) * 0.07);
  const gst = Math.round((myMax + premium) * 0.05);
  await expect(confirm).toContainText(`Buyer's Premium (15%)${money(premium)}`);
  await expect(confirm).toContainText(`All-in total${money(myMax + premium + pst + gst)}`);
  await confirm.getByRole('button', { name: `Confirm ${money(myMax)}` }).click();

  await expect(toast(page, "You've got the highest bid!")).toBeVisible();
  const standing = page.getByTestId('my-standing');
  await expect(standing).toContainText(`Your maximum ${money(myMax)}`);
  await expect(standing).toContainText('🏆 Winning');
  await expect(panel.getByTestId('bid-count')).toHaveText('1 bid');
  await expect(page.getByTestId('bid-history')).toContainText(pair.first.handle);
  await expectBadge(page, isMobile, 'winning', winningBefore + 1);

  // The second shopper bids higher from elsewhere: this page follows without a reload.
  const before = await auctionState(second, card.auctionId);
  const theirMax = myMax + 2_000;
  const placed = await second.post(`/api/auctions/${card.auctionId}/bids`, {
    data: { amount: (theirMax / 100).toFixed(2) },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const after = (await placed.json()) as { auction: { currentPriceCents: number } };
  expect(after.auction.currentPriceCents).toBeGreaterThan(before.auction.currentPriceCents);

  await expect(standing).toContainText('Outbid');
  await expect(panel.getByTestId('current-price')).toHaveText(money(after.auction.currentPriceCents));
  const firstRow = page.getByTestId('bid-history').getByRole('listitem').first();
  await expect(firstRow).toContainText(pair.second.handle);
  await expect(firstRow).toContainText('Highest');
  await expectBadge(page, isMobile, 'losing', losingBefore + 1);
  await expectBadge(page, isMobile, 'winning', winningBefore);

  // Thirty seconds before the end, a late bid extends the auction (soft close); the page says so.
  const clock = await second.get('/api/time');
  const serverNow = Date.parse(((await clock.json()) as { serverTime: string }).serverTime);
  const end = Date.parse(before.auction.endTime);
  const moved = await second.post('/api/test/clock', {
    data: { advanceMs: Math.max(0, end - serverNow - 30_000) },
  });
  expect(moved.status(), await moved.text()).toBe(200);
  // The first shopper raises from the page: still below the leader's maximum, but it moves the price.
  const state = await auctionState(context.request, card.auctionId);
  await input.fill((state.auction.minimumNextBidCents / 100).toFixed(2));
  await page.getByRole('button', { name: 'Place max bid' }).click();
  await page
    .getByRole('region', { name: 'Confirm your maximum bid' })
    .getByRole('button', { name: /^Confirm/ })
    .click();
  await expect(toast(page, 'Highest bid set!')).toBeVisible();
  // It says what changed: by how much the end moved, and the new end in the shop's one format.
  const notice = page.getByTestId('soft-close-notice');
  await expect(notice).toContainText(/Extended by \d+ (second|minute)/);
  await expect(notice).toContainText(
    /moved the end to \w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2}(:\d{2})? [ap]\.m\. PT\./,
  );

  // Past the (extended) end: the server closes the auction and the page shows the result.
  const finalState = await auctionState(second, card.auctionId);
  const nowAgain = Date.parse(finalState.serverTime);
  await second.post('/api/test/clock', {
    data: { advanceMs: Math.max(0, Date.parse(finalState.auction.endTime) - nowAgain + 1_500) },
  });
  await expect(panel.getByText('Auction Complete!')).toBeVisible({ timeout: 10_000 });
  await expect(panel.getByTestId('winner')).toHaveText(pair.second.handle);
  await expect(panel).toContainText(money(finalState.auction.currentPriceCents));
  const savings = Math.floor(
    ((card.retailPriceCents - finalState.auction.currentPriceCents) * 100) / card.retailPriceCents,
  );
  await expect(panel).toContainText(`${savings}% off`);
  await expect(standing).toContainText('Lost');
  await second.dispose();
});

test('watch and unwatch from the product page and a card; signed out, it asks to log in', async ({
  page,
  context,
  isMobile,
}, testInfo) => {
  // Signed out: the card's heart explains instead of doing anything.
  await page.goto('/');
  const card = page
    .locator('section')
    .filter({ has: page.getByRole('heading', { name: 'Latest Auctions', exact: true }) })
    .getByRole('article')
    .first();
  await card.getByRole('button', { name: /^Add to watchlist/ }).click();
  await expect(toast(page, 'Must be logged in to manage watchlist')).toContainText(
    'Please log in to manage watchlist',
  );
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const pair = SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS];
  await signedInPage(context, pair.first.email);
  const target = await freshAuction(context.request, 4 * 60_000);
  await page.goto(`/product/${target.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: target.title })).toBeVisible();
  const watchingBefore = await badgeCount(page, isMobile, 'watching');

  const watch = page.getByRole('button', { name: `Add ${target.title} to watchlist` });
  await watch.click();
  await expect(toast(page, 'Added to watchlist')).toBeVisible();
  const unwatch = page.getByRole('button', { name: `Remove ${target.title} from watchlist` });
  await expect(unwatch).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('watcher-count')).toContainText('watching');
  await expectBadge(page, isMobile, 'watching', watchingBefore + 1);

  await unwatch.click();
  await expect(toast(page, 'Removed from watchlist')).toBeVisible();
  await expectBadge(page, isMobile, 'watching', watchingBefore);

  // From a card in the shop: the heart fills and the count follows.
  await page.goto('/shop?sort=ending');
  // Its card by its link: other units of the same item share the title.
  const shopCard = page
    .getByRole('article')
    .filter({ has: page.locator(`a[href="/product/${target.slug}"]`) });
  await shopCard.getByRole('button', { name: `Add to watchlist: ${target.title}` }).click();
  await expect(toast(page, 'Added to watchlist')).toBeVisible();
  await expect(
    shopCard.getByRole('button', { name: `Remove from watchlist: ${target.title}` }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expectBadge(page, isMobile, 'watching', watchingBefore + 1);
  await shopCard.getByRole('button', { name: `Remove from watchlist: ${target.title}` }).click();
  await expect(toast(page, 'Removed from watchlist')).toBeVisible();
});

test('card prices on the shop grid follow bids without a reload', async ({ page, baseURL }, testInfo) => {
  const pair = SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS];
  const bidder = await request.newContext({ baseURL });
  await signIn(bidder, pair.second.email);
  const card = await freshAuction(bidder, 4 * 60_000);

  // A signed-out visitor who searched for it.
  await page.goto(`/shop?q=${encodeURIComponent(card.title.slice(0, 100))}&maxPrice=100000`);
  // Its card by its link: other units of the same item share the title.
  const shown = page.getByRole('article').filter({ has: page.locator(`a[href="/product/${card.slug}"]`) });
  await expect(shown).toBeVisible();
  await expect(shown).toContainText('Starting bid');

  const state = await auctionState(bidder, card.auctionId);
  const placed = await bidder.post(`/api/auctions/${card.auctionId}/bids`, {
    data: { amount: (state.auction.minimumNextBidCents / 100).toFixed(2) },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const after = (await placed.json()) as { auction: { currentPriceCents: number } };

  await expect(shown).toContainText('Current bid');
  await expect(shown).toContainText(money(after.auction.currentPriceCents));
  await expect(shown).toContainText('1 bid');
  await bidder.dispose();
});

test('a long bid history loads in pages and says how many rows there are', async ({
  page,
  baseURL,
}, testInfo) => {
  test.setTimeout(60_000);
  const pair = SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS];
  const [first, second] = [await request.newContext({ baseURL }), await request.newContext({ baseURL })];
  await signIn(first, pair.first.email);
  await signIn(second, pair.second.email);
  const card = await freshAuction(first, 4 * 60_000);

  // Two shoppers outbid each other at the minimum: every bid after the first adds two rows.
  for (let i = 0; i < 27; i++) {
    const api = i % 2 === 0 ? first : second;
    const { auction } = await auctionState(api, card.auctionId);
    const res = await api.post(`/api/auctions/${card.auctionId}/bids`, {
      data: { amount: (auction.minimumNextBidCents / 100).toFixed(2) },
    });
    expect(res.status(), await res.text()).toBe(200);
  }
  const total = (await auctionState(first, card.auctionId)).auction.bidCount;
  expect(total).toBe(53);

  await page.goto(`/product/${card.slug}`);
  const history = page.getByTestId('bid-history');
  await expect(history.getByRole('listitem')).toHaveCount(50);
  await expect(page.getByText(`Showing 50 of ${total}`)).toBeVisible();
  await page.getByRole('button', { name: 'Show more bids' }).click();
  await expect(history.getByRole('listitem')).toHaveCount(total);
  await expect(page.getByRole('button', { name: 'Show more bids' })).toHaveCount(0);
  await expect(history.getByText('Highest')).toHaveCount(1);
  await first.dispose();
  await second.dispose();
});
