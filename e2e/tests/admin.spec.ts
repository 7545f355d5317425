import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { toast } from './support/shopper';

// The back-office shell as the demo staff member: the dashboard's numbers,
// finding a shopper, suspending and restoring with a reason, both in the audit log. A shopper gets
// 'Staff only' and never downloads the back-office's code.

const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };
const SHOPPER = { email: 'ava@rebound.test', password: 'shopper-demo-2026' };

async function signIn(api: APIRequestContext, who: { email: string; password: string }) {
  const res = await api.post('/api/auth/sign-in', { data: who });
  expect(res.status(), await res.text()).toBe(200);
}

/** Strings only the back-office's code contains (its chunks are minified; texts stay). */
const ADMIN_ONLY_TEXT = [
  'There is no such back-office page',
  'Revenue this week (paid)',
  'Search people',
  'Every change staff make',
  // The receiving bench (IntakePage) and its camera chunk (CameraScanner).
  'Save and scan next',
  'Hold the barcode inside the frame',
];

/** Every script the page downloaded so far, with its text. */
function recordScripts(page: Page) {
  const scripts: Promise<{ url: string; text: string }>[] = [];
  page.on('response', (res) => {
    if (res.request().resourceType() === 'script') {
      // A chunk still arriving when the test navigates on has no body left to read: fetched again.
      const url = res.url();
      scripts.push(
        res
          .text()
          .catch(() => page.request.get(url).then((again) => again.text()))
          .then((text) => ({ url, text })),
      );
    }
  });
  return () => Promise.all(scripts);
}

test('staff: dashboard, find a shopper, suspend and restore with a reason, see both in the audit log', async ({
  page,
  context,
  isMobile,
}) => {
  await signIn(context.request, STAFF);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // The numbers come from the demo store: live auctions exist.
  const live = page.getByText('Live auctions').locator('..').locator('dd').first();
  await expect(live).toHaveText(/^[1-9][\d,]*$/);
  await expect(page.getByRole('heading', { name: 'Revenue this week (paid)' })).toBeVisible();
  await expect(page.getByText('refreshes every 15 seconds')).toBeVisible();

  // Sections not built say so.
  if (isMobile) await page.getByRole('button', { name: 'Open menu' }).click();
  await page
    .getByRole('navigation', { name: 'Back-office' })
    .getByRole('link', { name: /^People/ })
    .click();
  await expect(page.getByRole('heading', { name: 'People', level: 1 })).toBeVisible();
  await page.getByLabel('Search people').fill('ava@rebound');
  const row = page.getByRole('row').filter({ hasText: 'ava@rebound.test' });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2); // the header and Ava
  await row.getByRole('link').first().click();
  await expect(page.getByRole('heading', { name: 'Ava Bennett', level: 1 })).toBeVisible();

  // Suspend: a reason is required.
  await page.getByRole('button', { name: 'Suspend' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(dialog.getByText('Please give a reason (at least 3 characters).')).toBeVisible();
  await dialog.getByLabel('Reason').fill('E2E: card disputes under review');
  await dialog.getByRole('button', { name: 'Suspend account' }).click();
  await expect(toast(page, 'Account suspended')).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByText('Suspended', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Restore' }).click();
  await page.getByRole('dialog').getByLabel('Reason').fill('E2E: disputes resolved');
  await page.getByRole('dialog').getByRole('button', { name: 'Restore account' }).click();
  await expect(toast(page, 'Account restored')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Suspend' })).toBeVisible();

  // The person's history in the audit log: both changes, newest first, with the reasons.
  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { name: 'Audit log', level: 1 })).toBeVisible();
  const rows = page.getByRole('row').filter({ hasText: 'E2E:' });
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText('Restored an account');
  await expect(rows.nth(0)).toContainText('status: suspended → active');
  await expect(rows.nth(0)).toContainText('E2E: disputes resolved');
  await expect(rows.nth(1)).toContainText('Suspended an account');
  await expect(rows.nth(1)).toContainText('@rebound-staff');
  await expect(rows.nth(1)).toContainText('E2E: card disputes under review');
});

test('a shopper sees Staff only and never downloads the back-office', async ({ page, context }) => {
  const scripts = recordScripts(page);
  await signIn(context.request, SHOPPER);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Latest Auctions' })).toBeVisible();
  await page.goto('/shop');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  const shopperScripts = await scripts();
  expect(shopperScripts.length).toBeGreaterThan(0);
  for (const { url, text } of shopperScripts) {
    for (const marker of ADMIN_ONLY_TEXT) expect(text.includes(marker), `${marker} in ${url}`).toBe(false);
  }

  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Staff only', level: 1 })).toBeVisible();
  await expect(page.getByText('Your account is a shopper account.')).toBeVisible();
  // The API refuses too.
  const res = await context.request.get('/api/admin/people');
  expect(res.status()).toBe(403);
  // The check can fail: the back-office's own chunk has the texts.
  const all = await scripts();
  expect(all.some(({ text }) => text.includes('There is no such back-office page'))).toBe(true);
});

test('a visitor opening /admin goes to sign in, and is brought back after (admin-a11y.spec)', async ({
  page,
}) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth\?next=%2Fadmin$/);
});
