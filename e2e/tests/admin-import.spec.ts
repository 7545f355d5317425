import { expect, type Page, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';

// The manifest import as the demo staff member: a CSV of 50 lots with 3 bad rows
// shows each error at its row and column, imports 47, and importing it again changes nothing.

const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };

test.skip(({ isMobile }) => isMobile, 'a desktop journey');

const HEADER = 'SKU,Title,Brand,Description,Category,Condition,Retail Price,Resale Price,Featured,Desk Notes';

/** 50 lots; rows 6, 21 and 41 of the file (data rows 5, 20 and 40) are wrong in one column each. */
function manifest(prefix: string): string {
  const lines = [HEADER];
  for (let i = 1; i <= 50; i++) {
    const sku = `${prefix}-${i}`;
    if (i === 5) lines.push(`${sku},Lot ${i} blender,Vitamix,,Electronics,Broken,199.99,80,no,Shelf A${i}`);
    else if (i === 20) lines.push(`${sku},Lot ${i} blender,Vitamix,,Electronics,Open Box,lots,80,no,`);
    else if (i === 40) lines.push(`${prefix}-1,Lot ${i} blender,Vitamix,,Electronics,Like New,199.99,80,no,`);
    else
      lines.push(
        `${sku},Lot ${i} blender,Vitamix,"Tested, with jug and lid",Electronics,Open Box,199.99,${60 + i}.50,no,Shelf A${i}`,
      );
  }
  return `${lines.join('\r\n')}\r\n`;
}

async function uploadAndCheck(page: Page, csv: string) {
  await page.goto('/admin/import');
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible();
  await page.getByLabel('Choose files').setInputFiles({
    name: 'fifty-lots.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv, 'utf8'),
  });
  await expect(page.getByRole('list', { name: 'Chosen files' })).toContainText('fifty-lots.csv');
  await page.getByRole('button', { name: 'Check the file' }).click();
  await expect(page).toHaveURL(/\/admin\/import\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { name: 'fifty-lots.csv', level: 1 })).toBeVisible();
}

/** A number in the counts above the table, by its label. */
const stat = (page: Page, label: string) =>
  page
    .locator('dl[aria-label="Counts"] > div')
    .filter({ has: page.locator('dt', { hasText: new RegExp(`^${label}$`) }) })
    .locator('dd');

test('staff import 50 lots with 3 bad rows; importing again changes nothing', async ({ page, context }) => {
  // Two uploads, two imports and three accessibility checks on a shared machine: more than the default.
  test.setTimeout(120_000);
  const signIn = await context.request.post('/api/auth/sign-in', { data: STAFF });
  expect(signIn.status(), await signIn.text()).toBe(200);
  const prefix = `E2E${Date.now().toString(36).toUpperCase()}`;
  const csv = manifest(prefix);

  await uploadAndCheck(page, csv);
  await expect(stat(page, 'Rows')).toHaveText('50');
  await expect(stat(page, 'Valid')).toHaveText('47');
  await expect(stat(page, 'With errors')).toHaveText('3');

  // Only the rows with errors are listed first, each error in its column's cell.
  const rows = page.getByRole('region', { name: 'Rows of the file' }).locator('tbody tr');
  await expect(rows).toHaveCount(3);
  const row6 = page.locator('tr[data-row="6"]');
  const row21 = page.locator('tr[data-row="21"]');
  const row41 = page.locator('tr[data-row="41"]');
  const cell = (row: typeof row6, column: string) => row.locator(`td[data-column="${column}"]`);
  await expect(cell(row6, 'condition')).toContainText('"Broken" is not a condition.');
  await expect(cell(row21, 'retail_price')).toContainText('"lots" is not an amount in dollars');
  await expect(cell(row41, 'sku')).toContainText(`SKU ${prefix}-1 is already on row 2 of this file.`);
  await expectNoSeriousA11yViolations(page, 'import preview');
  await page.screenshot({ path: test.info().outputPath('import-preview.png'), fullPage: true });

  // Every row, 50 a page.
  await page.getByLabel('Only rows with errors').uncheck();
  await expect(rows).toHaveCount(50);

  await page.getByRole('button', { name: 'Import 47 valid rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toContainText(
    '47 created · 0 unchanged · 3 with errors.',
    { timeout: 30_000 },
  );
  await expect(page.locator('tr[data-row="2"]')).toContainText('Created');
  const report = page.getByRole('link', { name: 'Download the report (CSV)' });
  await expect(report).toBeVisible();
  const answer = await context.request.get((await report.getAttribute('href'))!);
  const text = await answer.text();
  expect(text.match(/,created,/g)).toHaveLength(47);
  expect(text).toContain(`6,${prefix}-5,error,`);
  await expectNoSeriousA11yViolations(page, 'import report');
  await page.screenshot({ path: test.info().outputPath('import-done.png'), fullPage: true });

  // The same file again: every valid row is already in the catalogue and is left as it is.
  await uploadAndCheck(page, csv);
  await page.getByLabel('Only rows with errors').uncheck();
  await expect(
    page.getByText(`SKU ${prefix}-2 is already in the catalogue: it will be left as it is.`),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Import 47 valid rows' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toContainText(
    '0 created · 47 unchanged · 3 with errors.',
    { timeout: 30_000 },
  );

  // Both imports are in the history, newest first.
  await page.getByRole('link', { name: 'All imports' }).click();
  const history = page.getByRole('region', { name: 'Past imports' }).locator('tbody tr');
  await expect(history.first()).toContainText('0 created · 47 unchanged');
  await expect(history.nth(1)).toContainText('47 created · 0 unchanged');
  await expectNoSeriousA11yViolations(page, 'import page');
});
