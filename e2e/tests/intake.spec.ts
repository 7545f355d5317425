import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { AdminProduct, AdminProductList } from '@rebound/contract/admin-catalogue';
import { gtinCheckDigit } from '@rebound/core/item-identity';
import { expectNoSeriousA11yViolations } from './support/axe';

// The receiving bench (docs/product.md "Intake"): a repeat item, scanned, given its condition and a
// photo and saved in at most four actions on a phone; and the same at a desktop from the keyboard
// alone (a USB scanner types the digits and Enter).

const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures');
const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };

/** A fresh UPC-A (12 digits, right check digit) for this run. */
function freshUpc(): string {
  const body = `0${String(Date.now()).slice(-7)}${String(Math.floor(Math.random() * 1000)).padStart(3, '0')}`;
  return `${body}${gtinCheckDigit(body)}`;
}

/** The item's first unit, received over the API: the store gives it a new series (RB-xxxxxx-01). */
async function firstUnit(api: APIRequestContext, gtin: string) {
  const signIn = await api.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const categories = (await (await api.get('/api/categories')).json()) as {
    categories: { id: string; name: string }[];
  };
  const category = categories.categories[0]!;
  const res = await api.post('/api/admin/catalogue/intake/units', {
    data: {
      title: 'Countertop Air Fryer 5.5 L',
      brand: 'Cosori',
      description: 'Digital air fryer with a non-stick basket.',
      categoryId: category.id,
      condition: 'like_new',
      retailPriceCents: 12_999,
      resalePriceCents: 7_499,
      sku: null,
      gtin,
      isFeatured: false,
      deskNotes: 'Shelf A1',
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  const product = (await res.json()) as AdminProduct;
  expect(product.sku).toMatch(/^RB-[0-9A-Z]{6}-01$/);
  return { product, base: product.sku!.slice(0, -3) };
}

/** The saved unit, read back as the catalogue has it. */
async function savedUnit(api: APIRequestContext, sku: string): Promise<AdminProduct> {
  const list = (await (await api.get(`/api/admin/catalogue/products?q=${sku}`)).json()) as AdminProductList;
  expect(list.items.map((i) => i.sku)).toEqual([sku]);
  return (await (await api.get(`/api/admin/catalogue/products/${list.items[0]!.id}`)).json()) as AdminProduct;
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

test('a repeat item goes from scan to saved in four actions on a phone', async ({
  page,
  context,
  isMobile,
}) => {
  test.skip(!isMobile, 'the phone journey; the desktop one is keyboard only');
  const upc = freshUpc();
  const { product: first, base } = await firstUnit(context.request, upc);

  await page.goto('/admin/intake');
  const field = page.getByLabel('Barcode or model number');
  await expect(field).toBeFocused();
  await shot(page, 'intake-phone-scan');

  let actions = 0;
  // 1. Scan: the digits (here as the EAN-13 form of the UPC, as some scanners send them) and Enter.
  actions++;
  await field.fill(`0${upc}`);
  await field.press('Enter');
  await expect(page.getByRole('heading', { name: 'Countertop Air Fryer 5.5 L', level: 2 })).toBeVisible();
  await expect(page.getByText('1 unit so far')).toBeVisible();
  await shot(page, 'intake-phone-form');
  await expectNoSeriousA11yViolations(page, 'intake unit form');
  // 2. Condition.
  actions++;
  await page.getByRole('radio', { name: /^Open Box/ }).check();
  // 3. A photo (the phone's camera opens for this input).
  actions++;
  await page.getByLabel('Add photos').setInputFiles(path.join(FIXTURES, 'product-blue.png'));
  // 4. Save.
  actions++;
  await page.getByRole('button', { name: 'Save and scan next' }).click();

  const nextSku = `${base}-02`;
  const saved = page.getByRole('status').filter({ hasText: 'Saved:' });
  await expect(saved).toContainText(`Saved: Countertop Air Fryer 5.5 L · SKU ${nextSku}`, {
    timeout: 15_000,
  });
  await expect(field).toBeFocused();
  await expect(field).toHaveValue('');
  expect(actions).toBeLessThanOrEqual(4);
  await shot(page, 'intake-phone-saved');
  await expectNoSeriousA11yViolations(page, 'intake scanner');

  const unit = await savedUnit(context.request, nextSku);
  expect(unit).toMatchObject({
    title: 'Countertop Air Fryer 5.5 L',
    brand: 'Cosori',
    description: 'Digital air fryer with a non-stick basket.',
    categoryId: first.categoryId,
    condition: 'open_box',
    retailPriceCents: 12_999,
    resalePriceCents: 7_499,
    gtin: `00${upc}`,
    deskNotes: null,
    status: 'draft',
  });
  expect(unit.images).toHaveLength(1);
  expect(unit.id).not.toBe(first.id);
});

test('the bench works from the keyboard alone: scan, condition, photo, shelf, Enter @keyboard', async ({
  page,
  context,
  isMobile,
}) => {
  test.skip(isMobile, 'a desktop with a USB scanner');
  const upc = freshUpc();
  const { base } = await firstUnit(context.request, upc);

  await page.goto('/admin/intake');
  const field = page.getByLabel('Barcode or model number');
  await expect(field).toBeFocused();
  // A wrong check digit first: the field says so and keeps the focus.
  const wrong = `${upc.slice(0, 11)}${(Number(upc[11]) + 1) % 10}`;
  await page.keyboard.type(wrong);
  await page.keyboard.press('Enter');
  await expect(page.getByText("That GTIN's check digit is wrong: please check the number.")).toBeVisible();
  await expect(field).toBeFocused();

  // The scanner types the digits and Enter.
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.type(upc);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Countertop Air Fryer 5.5 L', level: 2 })).toBeVisible();
  // The condition has the focus; an arrow key chooses.
  await expect(page.getByRole('radio', { name: /^Like New/ })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('radio', { name: /^Open Box/ })).toBeChecked();
  // Tab to the photos; Space opens the chooser.
  await page.keyboard.press('Tab');
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Space');
  await (await chooser).setFiles(path.join(FIXTURES, 'product-amber.png'));
  await expect(page.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
  // Tab to the shelf, type it, Enter saves and returns to the scanner.
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Desk notes (shelf)')).toBeFocused();
  await page.keyboard.type('Shelf K9');
  await shot(page, 'intake-desktop-form');
  await page.keyboard.press('Enter');

  const nextSku = `${base}-02`;
  await expect(page.getByRole('status').filter({ hasText: 'Saved:' })).toContainText(`SKU ${nextSku}`, {
    timeout: 15_000,
  });
  await expect(field).toBeFocused();
  await shot(page, 'intake-desktop-saved');

  const unit = await savedUnit(context.request, nextSku);
  expect(unit).toMatchObject({ condition: 'open_box', deskNotes: 'Shelf K9', gtin: `00${upc}` });
  expect(unit.images).toHaveLength(1);
});
