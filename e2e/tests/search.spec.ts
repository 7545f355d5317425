import { expect, type Locator, type Page, test } from '@playwright/test';
import type { ShopResponse, SuggestResponse } from '@rebound/contract/catalog';
import { expectNoSeriousA11yViolations } from './support/axe';

// Search on /shop (docs/product.md "Search"): suggestions as the shopper types, a misspelling
// answered with its close spelling's lots, and the filters' counts. Desktop (sidebar, keyboard) and
// phone (drawer, taps) against the demo store: one Dyson lot (a hair dryer), several hair dryers.

const DYSON = 'Dyson Supersonic Hair Dryer, Fuchsia/Nickel';

const cards = (page: Page) => page.getByRole('main').getByRole('article');

async function api<T>(page: Page, path: string): Promise<T> {
  const res = await page.request.get(path);
  expect(res.ok(), path).toBe(true);
  return (await res.json()) as T;
}

/** The filter controls: the sidebar on desktop, the drawer (opened here) on phones. */
async function filters(page: Page, isMobile: boolean): Promise<Locator> {
  if (!isMobile) return page.getByRole('complementary', { name: 'Filters' });
  await page.getByRole('button', { name: /^Filters/ }).click();
  const drawer = page.getByRole('dialog', { name: 'Filters' });
  await expect(drawer).toBeVisible();
  return drawer;
}

test('suggests as the shopper types, answers a misspelling with its close spelling, and counts each filter', async ({
  page,
  isMobile,
}) => {
  const suggested = await api<SuggestResponse>(page, '/api/shop/suggest?q=dyso');
  expect(suggested.items.map((i) => i.title)).toContain(DYSON);
  const beauty = suggested.categories.find((c) => c.slug === 'beauty-health');
  expect(beauty, 'the Dyson lot is in Beauty & Health').toBeTruthy();

  await page.goto('/shop');
  const search = page.getByRole('combobox', { name: 'Search auctions' });
  await search.click();
  await search.pressSequentially('dyso');
  const list = page.getByRole('listbox', { name: 'Suggestions' });
  await expect(list).toBeVisible();
  await expect(search).toHaveAttribute('aria-expanded', 'true');
  const dyson = list.getByRole('option', { name: DYSON });
  await expect(dyson).toBeVisible();
  await expect(
    list.getByRole('option', { name: `dyso in Beauty & Health (${beauty?.count})` }),
  ).toBeVisible();
  await expect(list.getByRole('option')).toHaveCount(suggested.items.length + suggested.categories.length);
  await page.screenshot({ path: test.info().outputPath('suggestions.png') });
  await expectNoSeriousA11yViolations(page, 'shop with suggestions open');

  if (isMobile) {
    await dyson.tap();
  } else {
    // Down to the Dyson title (the focus stays in the box), then Enter.
    const titles = await list.getByRole('option').allTextContents();
    const at = titles.findIndex((t) => t.startsWith(DYSON));
    for (let i = 0; i <= at; i += 1) await search.press('ArrowDown');
    await expect(dyson).toHaveAttribute('aria-selected', 'true');
    await expect(search).toHaveAttribute('aria-activedescendant', (await dyson.getAttribute('id')) ?? '');
    await expect(search).toBeFocused();
    await search.press('Enter');
  }
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(DYSON);
  // Best match is the order of a search, and the address leaves the default out.
  expect(new URL(page.url()).searchParams.has('sort')).toBe(false);
  await expect(page.getByLabel('Sort by')).toHaveValue('relevance');
  await expect(list).toBeHidden();
  await expect(cards(page).first().getByRole('heading')).toHaveText(DYSON);

  // A misspelling: the close spelling's lots, said so, with the way to search as typed.
  const corrected = await api<ShopResponse>(page, '/api/shop?q=hair%20dryr');
  expect(corrected.correction).toEqual({ query: 'hair dryer', asTyped: 'hair dryr' });
  await search.fill('hair dryr');
  await search.press('Enter');
  await expect(page).toHaveURL(/\/shop\?q=hair\+dryr$/);
  const banner = page.getByRole('status').filter({ hasText: 'Showing results for' });
  await expect(banner).toContainText('Showing results for hair dryer');
  await expect(page.getByRole('heading', { name: `${corrected.total} auctions` })).toBeVisible();
  await expect(cards(page)).toHaveCount(corrected.items.length);
  await page.screenshot({ path: test.info().outputPath('correction.png') });

  // The filters count what each choice would give; a choice that gives nothing still shows, with 0.
  const facetBeauty = corrected.facets?.categories.find((c) => c.slug === 'beauty-health');
  expect(facetBeauty?.count).toBe(corrected.total);
  const panel = await filters(page, isMobile);
  await expect(panel.getByRole('radio', { name: `Beauty & Health (${facetBeauty?.count})` })).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'Electronics (0)' })).toBeVisible();
  await expect(panel.getByRole('radio', { name: 'All categories' })).toBeChecked();
  await page.screenshot({ path: test.info().outputPath('counts.png') });
  await expectNoSeriousA11yViolations(page, 'shop with a corrected search and counts');
  if (isMobile) {
    await panel.getByRole('button', { name: /^Show/ }).click();
    await expect(panel).toBeHidden();
  }

  await banner.getByRole('link', { name: 'Search instead for hair dryr' }).click();
  await expect(page).toHaveURL(/\/shop\?q=hair\+dryr&exact=1$/);
  await expect(page.getByText('No lots match “hair dryr”')).toBeVisible();
  await expect(page.getByText('Showing results for')).toHaveCount(0);
  await expect(search).toHaveValue('hair dryr');
});
