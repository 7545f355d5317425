import { type APIRequestContext, expect, test } from '@playwright/test';
import { DEMO_PASSWORD, toast } from './support/shopper';

// Bid groups (docs/product.md "Bid groups", docs/decisions/095-bid-groups-driven-from-facts.md): a
// shopper makes 'Win one of these' on three lots of one item from its product page, is outbid on the
// first, sees the group move to the second, wins it, and the third is dropped, never bid on; the
// emails and My Bids say so. Staff put the three lots up as a drop through the API (ends a minute
// apart, no soft close), so the server's clock moves only a few minutes. One device: the journey is
// the server's promise, and the phone's pages are the same components.

const STAFF = { email: 'staff@rebound.test', password: 'staff-demo-2026' };
const SHOPPER = 'isla@rebound.test';
const RIVAL = 'dev@rebound.test';

type ProductDetail = {
  product: { id: string; title: string };
  auction: { id: string; status: string; endTime: string } | null;
  moreOfItem: { lots: { slug: string }[] };
};

async function signedIn(api: APIRequestContext, email: string, password = DEMO_PASSWORD) {
  const res = await api.post('/api/auth/sign-in', { data: { email, password } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Three units of one item, live now, ending 2, 3 and 4 minutes from the server's now. */
async function threeLotsOfOneItem(api: APIRequestContext, title: string, stamp: string) {
  const slugs: string[] = [];
  const ids: string[] = [];
  for (let i = 1; i <= 3; i++) {
    const res = await api.post('/api/admin/catalogue/products', {
      data: {
        title,
        brand: 'Kettleco',
        model: `GK-${stamp}`,
        description: 'A kettle for the bid group journey.',
        categoryId: null,
        condition: 'like_new',
        retailPriceCents: 4_999,
        resalePriceCents: 2_499,
        sku: `GRP-${stamp}-${i}`,
      },
    });
    expect(res.status(), await res.text()).toBe(201);
    const made = (await res.json()) as { id: string; slug: string };
    slugs.push(made.slug);
    ids.push(made.id);
  }
  const { locations } = (await (await api.get('/api/locations')).json()) as { locations: { id: string }[] };
  const serverNow = Date.parse(
    ((await (await api.get('/api/home')).json()) as { serverTime: string }).serverTime,
  );
  const drop = await api.post('/api/admin/drops', {
    data: {
      title: `Group journey ${stamp}`,
      productIds: ids,
      startTime: new Date(serverNow + 2_000).toISOString(),
      firstEndTime: new Date(serverNow + 2 * 60_000).toISOString(),
      staggerSeconds: 60,
      startingBidCents: 500,
      incrementMode: 'fixed',
      bidIncrementCents: 100,
      reservePriceCents: null,
      softCloseSeconds: 0,
      locationId: locations[0]!.id,
    },
  });
  expect(drop.status(), await drop.text()).toBe(201);
  // The opening job puts them live within a second or two.
  const details: ProductDetail[] = [];
  for (const slug of slugs) {
    await expect
      .poll(
        async () =>
          ((await (await api.get(`/api/products/${slug}`)).json()) as ProductDetail).auction?.status,
        {
          timeout: 20_000,
        },
      )
      .toBe('live');
    details.push((await (await api.get(`/api/products/${slug}`)).json()) as ProductDetail);
  }
  return { slugs, details };
}

/** The newest email to a recipient whose subject starts with `subject`, waiting for it to arrive. */
async function emailTo(api: APIRequestContext, recipient: string, subject: string) {
  let found: { subject: string | null; body: string } | undefined;
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ recipient, channel: 'email', limit: '30' });
        const { messages } = (await (await api.get(`/api/dev/messages?${query}`)).json()) as {
          messages: { subject: string | null; body: string }[];
        };
        found = messages.find((m) => m.subject?.startsWith(subject));
        return found !== undefined;
      },
      { message: `the email '${subject}' to ${recipient}`, timeout: 20_000 },
    )
    .toBe(true);
  return found!;
}

test('win one of three: outbid on the first, the group moves, wins the second, the third is dropped @desktop', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36).toUpperCase();
  const title = `Gooseneck Kettle ${stamp}`;

  const staff = await browser.newContext({ baseURL });
  await signedIn(staff.request, STAFF.email, STAFF.password);
  const { slugs, details } = await threeLotsOfOneItem(staff.request, title, stamp);
  await staff.close();

  // The shopper opens the first lot: 'Win one of these' with one maximum for all three.
  await signedIn(page.request, SHOPPER);
  await page.goto(`/product/${slugs[0]}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await page.getByTestId('win-one-of-these').click();
  const dialog = page.getByRole('dialog', { name: 'Win one of these' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Maximum for each lot' }).fill('20');
  // Told before committing: one lot at a time, at most one won, bids binding.
  await expect(dialog.getByTestId('group-builder-plan')).toContainText('win at most 1');
  await dialog.getByRole('button', { name: 'Start the group: win one' }).click();
  await expect(toast(page, 'Group started: win one of these.')).toBeVisible();
  await expect(page).toHaveURL(/\/account\?tab=bids/);

  const group = page.getByTestId('bid-group').filter({ hasText: title }).first();
  const stateOf = (n: number) => group.getByTestId('bid-group-lot').nth(n).getByTestId('bid-group-lot-state');
  await expect(group.getByTestId('bid-group-state')).toHaveText('Active');
  await expect(stateOf(0)).toHaveText('Live — winning');
  await expect(stateOf(1)).toHaveText('Waiting');
  await expect(stateOf(2)).toHaveText('Waiting');
  // N can change while the group is active: 1 or 2 of the three lots.
  await expect(group.getByRole('combobox', { name: 'Win at most' })).toHaveValue('1');

  // Another shopper outbids the first lot: the group moves to the second at once.
  const rival = await browser.newContext({ baseURL });
  await signedIn(rival.request, RIVAL);
  const outbid = await rival.request.post(`/api/auctions/${details[0]!.auction!.id}/bids`, {
    data: { amount: '30' },
  });
  expect(outbid.status(), await outbid.text()).toBe(200);
  await rival.close();
  await expect(async () => {
    await page.reload();
    await expect(stateOf(1)).toHaveText('Live — winning', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(stateOf(0)).toHaveText('Live — outbid');
  await expect(stateOf(2)).toHaveText('Waiting');
  await group.getByTestId('bid-group-story').locator('summary').click();
  await expect(group.getByTestId('bid-group-story')).toContainText(
    `Moved to ${title} (lot 2): your maximum on ${title} (lot 1) was outbid`,
  );

  // The server's clock passes the second lot's end: the first is lost, the second won, the third dropped.
  const second = details[1]!.auction!;
  const now = Date.parse(
    ((await (await page.request.get('/api/home')).json()) as { serverTime: string }).serverTime,
  );
  const moved = await page.request.post('/api/test/clock', {
    data: { advanceMs: Math.max(0, Date.parse(second.endTime) - now + 1_500) },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const won = await emailTo(page.request, SHOPPER, `You won ${title}!`);
  expect(won.body).toContain(title);
  const done = await emailTo(page.request, SHOPPER, 'Bid group done');
  expect(done.body).toContain(`The other lots of your group were dropped: ${title} (lot 3).`);

  await expect(async () => {
    await page.reload();
    await expect(group.getByTestId('bid-group-state')).toHaveText('Done', { timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(stateOf(0)).toHaveText('Lost');
  await expect(stateOf(1)).toHaveText('Won');
  await expect(stateOf(2)).toHaveText('Dropped');
  const priceOf = (n: number) => group.getByTestId('bid-group-lot').nth(n).getByTestId('bid-group-lot-price');
  await expect(priceOf(0)).toContainText('Final bid');
  await expect(priceOf(1)).toContainText('You won for');
  await group.screenshot({ path: test.info().outputPath('bid-group-done.png') });

  // The third lot was never bid on: nobody's bid is in its history.
  const history = (await (
    await page.request.get(`/api/auctions/${details[2]!.auction!.id}/bids`)
  ).json()) as {
    total: number;
  };
  expect(history.total).toBe(0);
});
