import { type APIRequestContext, expect, test } from '@playwright/test';
import { auctionState, freshAuction, signIn } from './support/shopper';

// The shop's clock (docs/decisions/044): every time a person reads is British Columbia's, in one
// format ('Fri, Nov 27, 4:00 p.m. PT'), whatever the browser's own time zone and its time-zone data.
// With the browser in Tokyo, a shopper wins a lot; the payment deadline on the Orders tab reads
// exactly as in the 'You won' email the development mailbox received. Each project has its own
// server and its own shopper (no other journey makes them win).

test.use({ timezoneId: 'Asia/Tokyo' });
// The time zone is the browser's, not the device's: one run is enough. Winning moves the server's clock
// past the lot's end, which ends other lots too; the phone's store keeps them for shop.spec.ts's paging.
test.skip(({ isMobile }) => isMobile, 'the same clock on every device');

const SHOPPER = { desktop: 'jonah@rebound.test', phone: 'hiro@rebound.test' } as const;

const PT_TIME = /\w{3}, \w{3} \d{1,2}, \d{1,2}:\d{2} [ap]\.m\. PT/;

/** The newest email to a recipient whose subject matches, waiting for it to arrive. */
async function emailTo(api: APIRequestContext, recipient: string, subject: string) {
  let found: { subject: string | null; body: string } | undefined;
  await expect
    .poll(
      async () => {
        const query = new URLSearchParams({ recipient, channel: 'email', limit: '20' });
        const response = await api.get(`/api/dev/messages?${query}`);
        expect(response.ok()).toBe(true);
        const { messages } = (await response.json()) as {
          messages: { subject: string | null; body: string }[];
        };
        found = messages.find((m) => m.subject === subject);
        return found !== undefined;
      },
      { message: `the email '${subject}' to ${recipient}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

test('with the browser in Tokyo, the Orders tab shows the payment deadline in PT exactly as the won email says', async ({
  page,
}, testInfo) => {
  test.setTimeout(60_000);
  const email = SHOPPER[testInfo.project.name === 'phone' ? 'phone' : 'desktop'];
  await signIn(page.request, email);

  // The shopper wins the soonest-ending lot nobody has bid on: bid, then move the server past its end.
  const card = await freshAuction(page.request, 60_000);
  const before = await auctionState(page.request, card.auctionId);
  const placed = await page.request.post(`/api/auctions/${card.auctionId}/bids`, {
    data: { amount: (before.auction.minimumNextBidCents / 100).toFixed(2) },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const state = await auctionState(page.request, card.auctionId);
  const moved = await page.request.post('/api/test/clock', {
    data: {
      advanceMs: Math.max(0, Date.parse(state.auction.endTime) - Date.parse(state.serverTime) + 1_500),
    },
  });
  expect(moved.status(), await moved.text()).toBe(200);

  const won = await emailTo(page.request, email, `You won ${card.title}!`);
  const emailed = /Pay by: (.+)/.exec(won.body)?.[1]?.trim() ?? '';
  expect(emailed).toMatch(new RegExp(`^${PT_TIME.source}$`));

  await page.goto('/account?tab=orders');
  expect(await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone)).toBe('Asia/Tokyo');
  const order = page.getByTestId('order').filter({ hasText: card.title });
  const due = order.getByTestId('payment-due');
  await expect(due).toBeVisible({ timeout: 15_000 });
  await expect(due.locator('time')).toHaveText(emailed);
  await expect(due).toContainText(`Pay by ${emailed}`);
});
