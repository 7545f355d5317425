import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './support/axe';
import { signIn, toast } from './support/shopper';

// Saved searches: save the shop's search from /shop, find it in the account, run
// it, delete it. Signed out, saving asks the shopper to sign in first.

const SHOPPERS = { desktop: 'chloe@rebound.test', phone: 'grace@rebound.test' } as const;

test('save a search from the shop, see it in the account, open it and delete it', async ({
  page,
  context,
}, testInfo) => {
  test.setTimeout(120_000);

  // Signed out: the dialog explains and offers to sign in.
  await page.goto('/shop?q=lamp');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const prompt = page.getByRole('dialog', { name: 'Sign in to save searches' });
  await expect(prompt).toBeVisible();
  await expect(prompt.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/auth');
  await prompt.getByRole('button', { name: 'Not now' }).click();
  await expect(prompt).toBeHidden();

  await signIn(context.request, SHOPPERS[testInfo.project.name as keyof typeof SHOPPERS]);
  // A clean list, whatever an earlier run on this server left.
  const before = (await (await context.request.get('/api/me/saved-searches')).json()) as {
    items: { id: string }[];
  };
  for (const s of before.items) await context.request.delete(`/api/me/saved-searches/${s.id}`);

  await page.goto('/shop?q=lamp&condition=open_box&maxPrice=150');
  await page.getByRole('button', { name: 'Save this search' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this search' });
  await expect(dialog.getByRole('list', { name: 'This search' })).toContainText('"lamp"');
  await expect(dialog.getByRole('list', { name: 'This search' })).toContainText('Open Box');
  const name = dialog.getByRole('textbox', { name: 'Name' });
  await expect(name).toHaveValue('lamp');
  await name.fill('');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(dialog.getByText('Please give this search a name.')).toBeVisible();
  await name.fill('Open-box lamps');
  await expect(dialog.getByText('Please give this search a name.')).toBeHidden();
  await dialog.getByRole('checkbox', { name: /push notification/ }).check();
  await page.screenshot({ path: testInfo.outputPath('save-dialog.png') });
  await expectNoSeriousA11yViolations(page, 'save-search dialog');
  await dialog.getByRole('button', { name: 'Save search' }).click();
  await expect(toast(page, 'Search saved: Open-box lamps')).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.screenshot({ path: testInfo.outputPath('shop-saved.png') });

  await toast(page, 'Search saved: Open-box lamps').getByRole('button', { name: 'View' }).click();
  await expect(page).toHaveURL(/\/account#saved-searches$/);
  const panel = page.getByRole('region', { name: /Saved searches/ });
  const row = panel.getByTestId('saved-search').filter({ hasText: 'Open-box lamps' });
  await expect(row).toBeVisible();
  await expect(row).toContainText('"lamp" · Open Box · $0 – $150');
  await expect(row.getByRole('switch', { name: 'Push me new matches' })).toBeChecked();
  await expect(row).toBeInViewport();
  await page.screenshot({ path: testInfo.outputPath('account-saved.png') });
  await expectNoSeriousA11yViolations(page, 'account with a saved search');

  await row.getByRole('link', { name: 'Run search: Open-box lamps' }).click();
  await expect(page).toHaveURL(/\/shop\?q=lamp&condition=open_box&maxPrice=150/);
  await expect(page.getByRole('combobox', { name: 'Search auctions' })).toHaveValue('lamp');

  await page.goBack();
  const again = page.getByRole('region', { name: /Saved searches/ });
  await again.getByRole('button', { name: 'Delete saved search: Open-box lamps' }).click();
  await expect(toast(page, 'Saved search deleted')).toBeVisible();
  await expect(again.getByText('No saved searches yet.')).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('account-empty.png') });
});
