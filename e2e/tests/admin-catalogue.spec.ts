import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { toast } from './support/shopper';

// The back-office catalogue as the demo staff member: create a product, add two
// photos, make the second the cover, and find it again in the table.

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };

test.skip(({ isMobile }) => isMobile, 'a desktop journey');

test('staff create a product with two photos and choose the cover', async ({ page, context }) => {
  const signIn = await context.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const sku = `E2E-${Date.now().toString(36).toUpperCase()}`;

  await page.goto('/admin/catalogue');
  await expect(page.getByRole('heading', { name: 'Catalogue', level: 1 })).toBeVisible();
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('link', { name: 'New product' }).first().click();

  await expect(page.getByRole('heading', { name: 'New product', level: 1 })).toBeVisible();
  // The form checks itself with the contract's schema before anything is sent.
  await page.getByRole('button', { name: 'Create product' }).click();
  await expect(page.getByText('Please enter a title (at least 3 characters).')).toBeVisible();

  await page.getByLabel('Title').fill('Noise-Cancelling Headphones');
  await page.getByLabel('Brand').fill('Sonora');
  await page.getByLabel('SKU').fill(sku);
  await page.getByLabel('Category').selectOption({ label: 'Electronics' });
  await page.getByLabel('Condition').selectOption({ label: 'Open Box' });
  // The published rubric follows the condition.
  await expect(page.getByText('Open Box: Opened and checked, possibly tried once.')).toBeVisible();
  await page.getByLabel('Retail price ($)').fill('249.99');
  await page.getByLabel('Resale price ($)').fill('129');
  await page.getByLabel('Description').fill('Over-ear, with case and cable. Box opened, tested.');
  await page.getByLabel('Desk notes').fill('Shelf E2, bin 14');
  await page.getByRole('button', { name: 'Create product' }).click();

  await expect(toast(page, 'Product created')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/catalogue\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'Noise-Cancelling Headphones', level: 1 })).toBeVisible();

  // Two photos in one upload.
  await page
    .getByLabel('Add photos')
    .setInputFiles([path.join(FIXTURES, 'product-blue.png'), path.join(FIXTURES, 'product-amber.png')]);
  await expect(toast(page, '2 photos added')).toBeVisible({ timeout: 15_000 });
  const photos = page.getByRole('list', { name: 'Photos, cover first' }).getByRole('listitem');
  await expect(photos).toHaveCount(2);
  await expect(photos.first().getByText('Cover')).toBeVisible();
  const first = await photos.nth(0).getByRole('img').getAttribute('src');
  const second = await photos.nth(1).getByRole('img').getAttribute('src');
  expect(first).toMatch(/\/media\/products\/.+\.webp$/);
  expect(second).not.toBe(first);
  // (The toasts' colours are the site-wide sonner theme's; axe looks at this page's own content.)
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 10_000 });
  await expectNoSeriousA11yViolations(page, 'catalogue editor');

  // The second becomes the cover, and stays so after a reload.
  await page.getByRole('button', { name: 'Make cover (photo 2)' }).click();
  await expect(photos.nth(0).getByRole('img')).toHaveAttribute('src', second!);
  await expect(photos.nth(1).getByRole('img')).toHaveAttribute('src', first!);
  await page.reload();
  await expect(photos.nth(0).getByRole('img')).toHaveAttribute('src', second!);
  // The saved fields come back as saved (the category too, once its options have loaded).
  await expect(page.getByLabel('Category')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(page.getByLabel('Category').locator('option:checked')).toHaveText('Electronics');
  await expect(page.getByLabel('SKU')).toHaveValue(sku);
  await expect(page.getByLabel('Resale price ($)')).toHaveValue('129.00');
  await expect(photos.first().getByText('Cover')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('catalogue-editor.png'), fullPage: true });

  // Found again by its SKU in the one search box, with the new cover as its thumbnail.
  await page.getByRole('link', { name: 'Catalogue', exact: true }).first().click();
  await page.getByLabel('Search').fill(sku.toLowerCase());
  const row = page.getByRole('row').filter({ hasText: sku });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole('row')).toHaveCount(2);
  await expect(row.locator('img')).toHaveAttribute('src', second!.replace(/\/\d+\.webp$/, '/320.webp'));
  await expectNoSeriousA11yViolations(page, 'catalogue table');
  await page.screenshot({ path: test.info().outputPath('catalogue-table.png'), fullPage: true });
});

test('shoppers read the grading rubric beside the condition; shared links preview as JPEG', async ({
  page,
  request,
}) => {
  const shop = await (await request.get('/api/shop?sort=ending&maxPrice=100000')).json();
  const card = shop.items.find((c: { condition: string }) => c.condition === 'open_box') ?? shop.items[0];
  await page.goto(`/product/${card.slug}`);
  const label = { like_new: 'Like New', open_box: 'Open Box', gently_used: 'Gently Used' }[
    card.condition as 'like_new' | 'open_box' | 'gently_used'
  ];
  const disclosure = page.getByText(`What does ${label} mean?`);
  await expect(disclosure).toBeVisible();
  await disclosure.click();
  await expect(page.getByText('Tested and working', { exact: false }).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page, 'product page with the rubric open');
  await page.screenshot({ path: test.info().outputPath('product-rubric.png') });

  // The HTML the server sends names a JPEG preview, and that JPEG exists.
  const html = await (await request.get(`/product/${card.slug}`)).text();
  const og = html.match(/<meta property="og:image" content="([^"]+)"/)?.[1];
  expect(og).toMatch(/\/media-previews\/products\/.+\.jpg$/);
  const image = await request.get(new URL(og!).pathname);
  expect(image.status()).toBe(200);
  expect(image.headers()['content-type']).toBe('image/jpeg');
});
