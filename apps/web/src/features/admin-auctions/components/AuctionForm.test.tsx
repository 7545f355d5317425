// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage, shopper } from '../../../../test/render';
import { AuctionFormPage } from './AuctionForm';

const PRODUCT = '00000000-0000-4000-8000-0000000000b1';
const LOCATIONS = {
  locations: [
    { id: '00000000-0000-4000-8000-0000000000d1', name: 'Burnaby Warehouse' },
    { id: '00000000-0000-4000-8000-0000000000d2', name: 'Surrey Depot' },
  ],
};

function renderNewAuction() {
  const server = fakeServer({
    'GET /api/locations': LOCATIONS,
    'POST /api/admin/auctions': { id: '00000000-0000-4000-8000-0000000000c1' },
  });
  const view = renderPage(<AuctionFormPage mode="new" />, {
    user: shopper({ role: 'staff' }),
    path: `/admin/auctions/new?productId=${PRODUCT}`,
    routePath: '/admin/auctions/new',
  });
  return { ...view, server };
}

const field = (name: string | RegExp) => screen.getByRole('textbox', { name }) as HTMLInputElement;

async function retype(user: ReturnType<typeof renderPage>['user'], input: HTMLElement, text: string) {
  await user.clear(input);
  if (text) await user.type(input, text);
}

describe('the admin money and date inputs (auction form)', () => {
  it('refuses amounts that are not dollars and cents, an empty fixed increment and an end before the start', async () => {
    const { user, server } = renderNewAuction();
    const startingBid = await screen.findByRole('textbox', { name: /starting bid/i });
    await retype(user, startingBid, '12.345');
    await retype(user, field(/reserve/i), '1,000');
    await user.click(screen.getByRole('radio', { name: /a fixed amount/i }));
    await retype(user, screen.getByLabelText(/^ends/i), '2020-01-01T10:00');
    await user.click(screen.getByRole('button', { name: 'Schedule auction' }));

    // Both the starting bid and the reserve are refused.
    expect(await screen.findAllByText('Please enter an amount in dollars, like 129.99.')).toHaveLength(2);
    expect(screen.getByText('Please enter the increment.')).toBeTruthy();
    expect(screen.getByText('The end must be after the start.')).toBeTruthy();
    expect(startingBid.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls('POST', '/api/admin/auctions')).toHaveLength(0);
  });

  it('refuses an amount above the money bound', async () => {
    const { user } = renderNewAuction();
    await retype(user, await screen.findByRole('textbox', { name: /starting bid/i }), '999999.99');
    await user.click(screen.getByRole('button', { name: 'Schedule auction' }));
    expect(await screen.findByText(/The amount cannot be above \$/)).toBeTruthy();
  });

  it('sends dollars as exact cents and the store’s local times as instants', async () => {
    const { user, server, router } = renderNewAuction();
    await retype(user, await screen.findByRole('textbox', { name: /starting bid/i }), '12.5');
    await retype(user, field(/reserve/i), '40.10');
    await user.click(screen.getByRole('radio', { name: /a fixed amount/i }));
    await retype(user, field(/increment/i), '0.35');
    await retype(user, screen.getByLabelText(/^starts/i), '2026-12-01T10:00');
    await retype(user, screen.getByLabelText(/^ends/i), '2026-12-08T19:30');
    await user.selectOptions(screen.getByRole('combobox', { name: /pickup location/i }), 'Surrey Depot');
    await user.click(screen.getByRole('button', { name: 'Schedule auction' }));

    await screen.findByText('Elsewhere');
    expect(router.state.location.pathname).toBe('/admin/auctions/00000000-0000-4000-8000-0000000000c1');
    expect(server.calls('POST', '/api/admin/auctions')[0]?.body).toEqual({
      productId: PRODUCT,
      // The store's clock (Vancouver, UTC-7 in December 2026).
      startTime: '2026-12-01T17:00:00.000Z',
      endTime: '2026-12-09T02:30:00.000Z',
      startingBidCents: 1_250,
      incrementMode: 'fixed',
      bidIncrementCents: 35,
      reservePriceCents: 4_010,
      softCloseSeconds: 60,
      locationId: LOCATIONS.locations[1]!.id,
    });
  });

  it('the site’s increment table needs no increment, and no reserve sends none', async () => {
    const { user, server } = renderNewAuction();
    await retype(user, await screen.findByRole('textbox', { name: /starting bid/i }), '7');
    await user.click(screen.getByRole('button', { name: 'Schedule auction' }));
    await screen.findByText('Elsewhere');
    expect(server.calls('POST', '/api/admin/auctions')[0]?.body).toMatchObject({
      startingBidCents: 700,
      incrementMode: 'table',
      bidIncrementCents: 100,
      reservePriceCents: null,
    });
  });
});
