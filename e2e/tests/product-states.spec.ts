import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { moveClocks } from './support/clocks';
import { type DemoLot, demoLots } from './support/demo';
import { money } from './support/shopper';

// The product page in each of an auction's phases (scheduled, live, ended), with the
// display rules of each and an axe check of each. Lots come from the deterministic demo seed; their
// current state is read from the API, since other tests move the server's clock.

const SHOPPER = { email: 'ava@rebound.test', password: 'shopper-demo-2026' };

type State = {
  serverTime: string;
  auction: {
    status: string;
    startTime: string;
    endTime: string;
    startingBidCents: number;
    currentPriceCents: number;
    bidCount: number;
    hasReserve: boolean;
    reserveMet: boolean;
    leaderHandle: string | null;
  };
};
type Detail = { product: { title: string; retailPriceCents: number } };

async function stateOf(api: APIRequestContext, lot: DemoLot): Promise<State> {
  const res = await api.get(`/api/auctions/${lot.auctionId}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as State;
}

async function detailOf(api: APIRequestContext, lot: DemoLot): Promise<Detail> {
  const res = await api.get(`/api/products/${lot.slug}`);
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as Detail;
}

/** The first demo lot whose auction, as the server has it now, passes `test`. */
async function findLot(
  api: APIRequestContext,
  lots: DemoLot[],
  accept: (state: State) => boolean,
): Promise<{ lot: DemoLot; state: State }> {
  for (const lot of lots) {
    const state = await stateOf(api, lot);
    if (accept(state)) return { lot, state };
  }
  throw new Error('No demo lot in the wanted state');
}

/** The product page's Watch control ('Add ... to watchlist' / 'Remove ... from watchlist'). */
function watchButton(page: Page) {
  return page.getByRole('main').getByRole('button', { name: /to watchlist$|from watchlist$/ });
}

async function loaded(page: Page) {
  const main = page.getByRole('main');
  await expect(main.locator('.animate-pulse')).toHaveCount(0);
  await expect(main.locator('[aria-busy="true"]')).toHaveCount(0);
}

test('a scheduled lot: Coming Soon, the start countdown and starting bid, no history and no bid control', async ({
  page,
}) => {
  // Signed in, so a missing bid control is the page's rule and not the sign-in prompt.
  const signIn = await page.request.post('/api/auth/sign-in', { data: SHOPPER });
  expect(signIn.ok()).toBe(true);
  // Latest start first: the clock moves of other tests cannot have opened it.
  const scheduled = demoLots()
    .filter((l) => l.status === 'scheduled')
    .sort((a, b) => b.startTime.getTime() - a.startTime.getTime());
  expect(scheduled.length).toBeGreaterThan(0);
  const { lot, state } = await findLot(
    page.request,
    scheduled,
    (s) => s.auction.status === 'scheduled' && Date.parse(s.auction.startTime) > Date.parse(s.serverTime),
  );

  await page.goto(`/product/${lot.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: lot.title })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Auction' });
  await expect(panel).toHaveAttribute('data-phase', 'scheduled');
  await expect(panel.getByText('Coming Soon')).toBeVisible();
  await expect(panel).toContainText('Starting bid');
  await expect(panel).toContainText(money(state.auction.startingBidCents));
  await expect(panel.getByRole('timer')).toHaveText(/^(\d+d \d+h \d+m|\d+h \d\dm \d\ds|\d+m \d\ds)$/);
  await expect(panel).toContainText('Starts in');
  // No history and nothing to bid with until it opens.
  await expect(page.getByTestId('bid-history')).toHaveCount(0);
  await expect(page.getByText('No bids yet. Be the first to bid!')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Place max bid' })).toHaveCount(0);
  await expect(page.getByRole('spinbutton')).toHaveCount(0);
  // A lot that has not started can be watched.
  await expect(watchButton(page)).toBeVisible();
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/product/:slug (scheduled)');
});

test('an ended lot: Auction Complete! with the winner, the final bid, the saving, and the history', async ({
  page,
}) => {
  const ended = demoLots().filter((l) => l.status === 'ended' && l.bidCount > 0);
  const { lot, state } = await findLot(
    page.request,
    ended,
    (s) =>
      s.auction.status === 'ended' &&
      s.auction.bidCount > 0 &&
      (!s.auction.hasReserve || s.auction.reserveMet),
  );
  const detail = await detailOf(page.request, lot);

  await page.goto(`/product/${lot.slug}`);
  const panel = page.getByRole('region', { name: 'Auction' });
  await expect(panel.getByText('Auction Complete!')).toBeVisible();
  await expect(panel.getByTestId('winner')).toHaveText(state.auction.leaderHandle ?? 'missing leader');
  await expect(panel).toContainText(money(state.auction.currentPriceCents));
  const retail = detail.product.retailPriceCents;
  const saving = Math.floor(((retail - state.auction.currentPriceCents) * 100) / retail);
  if (saving > 0) await expect(panel).toContainText(`${saving}% off`);
  else await expect(panel).toContainText('No saving');
  // The history stays readable after the end: the winner's row first, marked 'Highest'.
  const rows = page.getByTestId('bid-history').getByRole('listitem');
  await expect(rows.first()).toContainText(state.auction.leaderHandle ?? 'missing leader');
  await expect(rows.first()).toContainText('Highest');
  await expect(rows.first()).toContainText(money(state.auction.currentPriceCents));
  await expect(page.getByRole('button', { name: 'Place max bid' })).toHaveCount(0);
  // Nothing left to watch.
  await expect(watchButton(page)).toHaveCount(0);
  await expect(page.getByText('Watch', { exact: true })).toHaveCount(0);
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/product/:slug (ended)');
});

test('a live lot offers Watch until its end time passes on screen, then no more', async ({ page }) => {
  // The live lot ending soonest; the page's clock is installed so the test can move it with the server's.
  const res = await page.request.get('/api/shop?sort=ending');
  expect(res.status(), await res.text()).toBe(200);
  const shop = (await res.json()) as {
    serverTime: string;
    items: { slug: string; title: string; endTime: string }[];
  };
  const lot = shop.items[0];
  if (!lot) throw new Error('No live lot in the shop');
  const toEnd = Date.parse(lot.endTime) - Date.parse(shop.serverTime);
  // The server's clock is shared by the whole run: only move it a little (the soonest end is near).
  expect(toEnd, 'the soonest live lot ends too far ahead to move the clocks to it').toBeLessThan(
    6 * 3_600_000,
  );

  await page.clock.install();
  await page.goto(`/product/${lot.slug}`);
  await expect(page.getByRole('heading', { level: 1, name: lot.title })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Auction' })).toHaveAttribute('data-phase', 'live');
  await expect(watchButton(page)).toBeVisible();

  await moveClocks(page, Math.max(0, toEnd) + 1_500);
  await expect(page.getByRole('region', { name: 'Auction' }).getByText('Auction Complete!')).toBeVisible({
    timeout: 10_000,
  });
  await expect(watchButton(page)).toHaveCount(0);
});

test('a live lot under its reserve says so, and an ended one explains that nothing was sold', async ({
  page,
}) => {
  const withReserve = demoLots().filter((l) => l.hasReserve);
  const live = await findLot(
    page.request,
    withReserve.filter((l) => l.status === 'live'),
    (s) =>
      s.auction.status === 'live' &&
      !s.auction.reserveMet &&
      Date.parse(s.auction.endTime) - Date.parse(s.serverTime) > 5 * 60_000,
  );
  await page.goto(`/product/${live.lot.slug}`);
  const panel = page.getByRole('region', { name: 'Auction' });
  await expect(panel).toHaveAttribute('data-phase', 'live');
  await expect(panel.getByText('Reserve not met')).toBeVisible();

  const ended = await findLot(
    page.request,
    withReserve.filter((l) => l.status === 'ended' && l.bidCount > 0),
    (s) => s.auction.status === 'ended' && s.auction.bidCount > 0 && !s.auction.reserveMet,
  );
  await page.goto(`/product/${ended.lot.slug}`);
  await expect(panel.getByText('Auction Complete!')).toBeVisible();
  await expect(panel.getByText('Reserve not met')).toBeVisible();
  await expect(panel.getByTestId('winner')).toHaveText('No winner');
  await loaded(page);
  await expectNoSeriousA11yViolations(page, '/product/:slug (ended under reserve)');
});

test('on a phone, the first screen of a live lot shows its price, the time left and the way to bid', async ({
  page,
}, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'the one-column layout of phones');
  await page.setViewportSize({ width: 390, height: 844 });
  const live = demoLots().filter((l) => l.status === 'live');
  const { lot } = await findLot(
    page.request,
    live,
    (s) =>
      s.auction.status === 'live' && Date.parse(s.auction.endTime) - Date.parse(s.serverTime) > 15 * 60_000,
  );

  /** Entirely inside the first screen of 390 x 844. */
  const onFirstScreen = async (what: ReturnType<Page['locator']>) => {
    await expect(what).toBeVisible();
    const box = await what.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
  };

  // Signed out: the price, the time left and 'Sign in to bid', before any scrolling.
  await page.goto(`/product/${lot.slug}`);
  await loaded(page);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  const bar = page.getByRole('region', { name: 'Bid on this item' });
  await onFirstScreen(bar.getByTestId('phone-bid-bar-price'));
  // The same price as the auction box further down.
  await expect(bar.getByTestId('phone-bid-bar-price')).toHaveText(
    (await page.getByTestId('current-price').textContent()) ?? '',
  );
  await onFirstScreen(bar.getByRole('timer', { name: 'Time left' }));
  await onFirstScreen(bar.getByRole('link', { name: 'Sign in to bid' }));
  await page.screenshot({ path: testInfo.outputPath('phone-product-first-screen.png') });
  await expectNoSeriousA11yViolations(page, 'product page on a phone, bid bar');

  // Signed in: 'Bid' takes the shopper to the bid form, ready to type; the bar then steps aside.
  const signIn = await page.request.post('/api/auth/sign-in', { data: SHOPPER });
  expect(signIn.ok()).toBe(true);
  await page.reload();
  await loaded(page);
  const bid = bar.getByRole('button', { name: 'Bid', exact: true });
  await onFirstScreen(bid);
  await onFirstScreen(bar.getByTestId('phone-bid-bar-price'));
  await onFirstScreen(bar.getByRole('timer', { name: 'Time left' }));
  await bid.click();
  await expect(page.getByLabel('Your maximum bid (CAD)')).toBeFocused();
  await expect(bar).toHaveCount(0);
});
