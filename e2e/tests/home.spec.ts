import { expect, type Page, test } from '@playwright/test';
import { moveClocks } from './support/clocks';

function section(page: Page, heading: string) {
  return page.locator('section').filter({ has: page.getByRole('heading', { name: heading, exact: true }) });
}

test('home shows live auctions with prices and ticking countdowns, and a card leads to its product', async ({
  page,
}) => {
  // The page's own clock, so the test can move it (with the server's).
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Hidden Gems Await!' })).toBeVisible();
  await expect(page).toHaveTitle(/Rebound/);

  const latest = section(page, 'Latest Auctions');
  const cards = latest.getByRole('article');
  await expect(cards).toHaveCount(8);
  await expect(section(page, 'Hottest Auctions').getByRole('article')).toHaveCount(4);

  await expect(cards.first()).toContainText(/\$\d[\d,]*\.\d\d/);
  // Cards show the two largest units ('2d 3h', '3h 05m', '4m 05s').
  await expect(cards.first().getByRole('timer')).toHaveText(/^(\d+d \d+h|\d+h \d\dm|\d+m \d\ds|Ended)$/);
  // Follow a lot with an hour or more to go: other tests move the server's clock, and the minute
  // this test moves it by must not end the auction it watches.
  const first = cards
    .filter({ has: page.getByRole('timer').filter({ hasText: /^(\d+d \d+h|\d+h \d\dm)$/ }) })
    .first();
  await expect(first).toContainText(/\$\d[\d,]*\.\d\d/);

  const title = (await first.getByRole('heading').first().textContent())?.trim() ?? '';
  expect(title.length).toBeGreaterThan(3);
  // The card's own link (its heart button's name contains the title too).
  await first.getByRole('link', { name: title, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('heading', { name: title })).toBeVisible();
  await dialog.getByRole('link', { name: 'View Full Page' }).click();

  await expect(page).toHaveURL(/\/product\/[a-z0-9-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  // The page's countdown always shows minutes ('2d 3h 15m', '3h 05m 09s'): 61 s later it has moved.
  const timer = page.getByRole('timer').first();
  await expect(timer).toHaveText(/^(\d+d \d+h \d+m|\d+h \d\dm \d\ds|\d+m \d\ds)$/);
  const before = await timer.textContent();
  await moveClocks(page, 61_000);
  await expect.poll(async () => timer.textContent(), { timeout: 4_000 }).not.toBe(before);
});

test('category tiles link to the filtered shop', async ({ page }) => {
  await page.goto('/');
  const tile = page.getByRole('link', { name: /Beauty & Health/ }).first();
  await expect(tile).toHaveAttribute('href', '/shop?category=beauty-health');
});

test('How it Works explains the three steps', async ({ page, isMobile }) => {
  await page.goto('/');
  if (isMobile) await page.getByRole('button', { name: /menu/i }).click();
  await page
    .getByRole('button', { name: /How it Works/i })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(/Browse auctions/i);
  await expect(dialog).toContainText(/highest bid at the end wins/i);
  await expect(dialog).toContainText(/7-day free return/i);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('an unknown path shows the 404 page with a way home', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: /home/i }).last().click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Hidden Gems Await!' })).toBeVisible();
});

test('an unknown product slug goes to /404', async ({ page }) => {
  await page.goto('/product/no-such-product-here');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
});
