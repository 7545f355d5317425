import { expect, test } from '@playwright/test';
import { buildDemoDataset } from '../../apps/server/src/seed/demo';

// One item, many lots (docs/product.md "The shopper: more of this item, sold before"; decision 092):
// the demo store has items of several units. A shopper opens a unit's page, sees the item's other
// lots and follows one, sees what it sold for before with the median, and finds 'N more like this'
// on a shop card. The units come from the deterministic demo seed; their state is read from the API,
// since other tests move the server's clock.

type Detail = {
  product: { title: string };
  moreOfItem: { total: number; lots: { slug: string }[] };
  soldBefore: { sales: unknown[]; medianCents: number | null };
};

const money = (cents: number) =>
  `$${Math.floor(cents / 100).toLocaleString('en-CA')}.${String(cents % 100).padStart(2, '0')}`;

test('a unit of an item shows its other lots and what it sold for, and the shop says more like this', async ({
  page,
  request,
}) => {
  const { items } = buildDemoDataset({ now: new Date(), staffPasswordHash: 'x', shopperPasswordHash: 'x' });
  // A unit whose page, as the server has it now, has both sections.
  let found: { slug: string; detail: Detail } | null = null;
  for (const item of items.filter((i) => i.sold.length > 0)) {
    for (const slug of [...item.live, ...item.sold]) {
      const res = await request.get(`/api/products/${slug}`);
      if (res.status() !== 200) continue;
      const detail = (await res.json()) as Detail;
      if (detail.moreOfItem.lots.length > 0 && detail.soldBefore.medianCents !== null) {
        found = { slug, detail };
        break;
      }
    }
    if (found) break;
  }
  expect(found, 'a demo unit with more of its item and sales before').not.toBeNull();
  const { slug, detail } = found!;

  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.product.title);
  const more = page.getByRole('region', { name: 'More of this item' });
  await expect(more).toBeVisible();
  await expect(more.getByTestId('more-of-item-lot')).toHaveCount(detail.moreOfItem.lots.length);
  const sold = page.getByRole('region', { name: 'Sold before' });
  await expect(sold.getByTestId('sold-before-median')).toContainText(money(detail.soldBefore.medianCents!));
  await expect(sold.getByTestId('sold-before-sale')).toHaveCount(detail.soldBefore.sales.length);

  // Following one of the other lots opens its page: the same item.
  const other = detail.moreOfItem.lots[0]!.slug;
  await more.getByTestId('more-of-item-lot').first().click();
  await expect(page).toHaveURL(new RegExp(`/product/${other}$`));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(detail.product.title);

  // On the shop, a card of the item says how many more there are, and opens them.
  await page.goto(`/shop?q=${encodeURIComponent(detail.product.title)}`);
  const link = page.getByTestId('more-like-this').first();
  await expect(link).toBeVisible();
  await expect(link).toHaveText(/^\d+ more like this$/);
  await link.click();
  await expect(page).toHaveURL(/#more-of-this-item$/);
  await expect(page.getByRole('region', { name: 'More of this item' })).toBeInViewport();
});
