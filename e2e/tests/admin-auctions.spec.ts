import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { toast } from './support/shopper';

// The back-office's auctions and drops as the demo staff member: a new product with
// two photos scheduled to start now and seen on the shop by a visitor; a drop of 20 lots whose ends
// are 30 seconds apart.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };

test.skip(({ isMobile }) => isMobile, 'a desktop journey');
// Photo processing, the opening job and twenty products take longer than the default 30 s.
test.setTimeout(120_000);

test('staff create a product with two photos, schedule its auction now, and the shop shows it', async ({
  page,
  context,
  browser,
  baseURL,
}) => {
  const signIn = await context.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Studio Monitor Speakers ${stamp}`;

  // The catalogue's own form and photo upload.
  await page.goto('/admin/catalogue/new');
  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Brand').fill('Sonora');
  await page.getByLabel('SKU').fill(`AUC-${stamp}`);
  await page.getByLabel('Condition').selectOption({ label: 'Open Box' });
  await page.getByLabel('Retail price ($)').fill('399');
  await page.getByLabel('Resale price ($)').fill('189');
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/catalogue\/[0-9a-f-]{36}$/);
  await page
    .getByLabel('Add photos')
    .setInputFiles([path.join(FIXTURES, 'product-blue.png'), path.join(FIXTURES, 'product-amber.png')]);
  await expect(toast(page, '2 photos added')).toBeVisible({ timeout: 15_000 });

  // From the product to the schedule form, with the product chosen.
  await page.getByRole('link', { name: 'Schedule auction' }).click();
  await expect(page.getByRole('heading', { name: 'Schedule auction', level: 1 })).toBeVisible();
  await expect(page.getByTestId('chosen-product')).toHaveText(title);
  // The form checks itself with the contract's schema before anything is sent.
  await page.getByLabel('Starting bid ($)').fill('');
  await page.getByRole('button', { name: 'Schedule auction' }).click();
  await expect(page.getByText('Please enter an amount.')).toBeVisible();
  await page.getByLabel('Starting bid ($)').fill('25');
  await page.getByLabel('Reserve ($)').fill('60');
  await page.getByLabel('A fixed amount').check();
  await page.getByLabel('Increment ($)').fill('2.50');
  await page.getByLabel('Soft close (seconds)').fill('90');
  await page.getByRole('button', { name: 'Schedule auction' }).click();
  await expect(toast(page, 'Auction scheduled')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/auctions\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible();
  await expect(page.getByText('$2.50', { exact: true })).toBeVisible();
  await expect(page.getByText('90 s', { exact: true })).toBeVisible();

  // It starts now: the lifecycle job opens it within a second or two.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Live', { exact: true }).first()).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, 'auction detail');
  await page.screenshot({ path: test.info().outputPath('auction-detail.png'), fullPage: true });

  // A visitor finds it on the shop page, with its photo.
  const visitor = await browser.newContext({ baseURL });
  const shop = await visitor.newPage();
  await shop.goto(`/shop?q=${encodeURIComponent(stamp)}`);
  const card = shop.getByRole('link', { name: new RegExp(title) }).first();
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(shop.locator('img[src*="/media/products/"]').first()).toBeVisible();
  await card.click();
  await expect(shop.getByRole('heading', { name: title })).toBeVisible();
  await expect(shop.getByText('$25.00').first()).toBeVisible();
  await visitor.close();
});

test('staff schedule a drop of 20 lots with ends 30 seconds apart', async ({ page, context }) => {
  const signIn = await context.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const stamp = Date.now().toString(36).toUpperCase();
  // Twenty drafts made through the catalogue API (the first journey makes one through its form).
  for (let i = 1; i <= 20; i++) {
    const res = await context.request.post('/api/admin/catalogue/products', {
      data: {
        title: `Drop ${stamp} lot ${String(i).padStart(2, '0')}`,
        brand: 'Kitchenly',
        description: '',
        categoryId: null,
        condition: 'like_new',
        retailPriceCents: 4_999,
        resalePriceCents: 2_499,
        sku: `DRP-${stamp}-${i}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
  }

  await page.goto('/admin/auctions');
  await expect(page.getByRole('heading', { name: 'Auctions', level: 1 })).toBeVisible();
  await page.getByRole('link', { name: 'New drop' }).click();
  await expect(page.getByRole('heading', { name: 'New drop', level: 1 })).toBeVisible();
  await page.getByLabel('Search the catalogue').fill(`Drop ${stamp}`);
  await expect(page.getByText('20 found')).toBeVisible();
  await page.getByRole('button', { name: 'Select all shown' }).click();
  await expect(page.getByText('20 chosen')).toBeVisible();
  await page.getByLabel('Name').fill(`Kitchen drop ${stamp}`);
  await page.getByLabel('Stagger (seconds)').fill('30');
  await page.getByLabel('Starting bid ($)').fill('5');

  // The preview shows every lot's end before anything is saved.
  const preview = page.getByRole('list', { name: 'Lots, end times and amounts' }).getByRole('listitem');
  await expect(preview).toHaveCount(20);
  await expectNoSeriousA11yViolations(page, 'new drop');
  await page.screenshot({ path: test.info().outputPath('drop-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Schedule drop' }).click();
  await expect(toast(page, 'Drop scheduled: 20 lots')).toBeVisible();

  // The list, filtered to the drop and sorted by end: 20 lots, each ending 30 s after the one before.
  await expect(page).toHaveURL(/dropId=[0-9a-f-]{36}/);
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(21);
  const ends = await page
    .locator('tbody tr td:nth-child(5) time')
    .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
  expect(ends).toHaveLength(20);
  for (let i = 1; i < ends.length; i++) expect(ends[i]! - ends[i - 1]!).toBe(30_000);
  const labels = await page.locator('tbody tr td:nth-child(5) time').allInnerTexts();
  expect(new Set(labels).size).toBe(20);
  await expect(page.getByText(`Drop: Kitchen drop ${stamp}`)).toHaveCount(20);
  // (The toasts' colours are the site-wide sonner theme's; axe looks at this page's own content.)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, 'auctions table');
  await page.screenshot({ path: test.info().outputPath('drop-list.png'), fullPage: true });
});
