// @vitest-environment jsdom
import type { AdminAuctionDetail } from '@rebound/contract/admin-auctions';
import { SCHEDULING_LIMITS } from '@rebound/core/scheduling';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage, shopper } from '../../../../test/render';
import { AuctionDetailPage } from './AuctionDetail';

const ID = '00000000-0000-4000-8000-0000000000c1';
const AT = '2026-11-28T18:00:00.000Z';
const ben = { id: '00000000-0000-4000-8000-0000000000e2', handle: 'ben', email: 'ben@example.test' };

const auction: AdminAuctionDetail = {
  id: ID,
  status: 'ended',
  product: {
    id: '00000000-0000-4000-8000-0000000000b1',
    title: 'Desk lamp',
    slug: 'desk-lamp',
    sku: 'DESK-LAMP',
    status: 'to_relist',
    thumbnailUrl: null,
  },
  location: { id: '00000000-0000-4000-8000-0000000000d1', name: 'Burnaby Warehouse' },
  drop: null,
  startTime: AT,
  endTime: AT,
  originalEndTime: AT,
  startingBidCents: 100,
  incrementMode: 'table',
  bidIncrementCents: 100,
  reservePriceCents: null,
  reserveMet: true,
  softCloseSeconds: 60,
  currentPriceCents: 4_500,
  bidCount: 2,
  leader: null,
  winner: null,
  cancelReason: null,
  cancelledAt: null,
  cancelledBy: null,
  relistedFromId: null,
  relistedToIds: [],
  createdAt: AT,
  maxBids: [],
  bids: [],
  orders: [],
  offers: [],
  offerCandidates: [{ ...ben, maxAmountCents: 4_000 }],
  can: { edit: false, cancel: false, relist: true, offer: true, cancelBids: false },
};

describe('a second-chance offer from the auction page', () => {
  it('offers core’s default deadline and refuses hours outside core’s limits, naming them', async () => {
    const server = fakeServer({ [`GET /api/admin/auctions/${ID}`]: auction });
    const { user } = renderPage(<AuctionDetailPage />, {
      user: shopper({ role: 'staff' }),
      path: `/admin/auctions/${ID}`,
      routePath: '/admin/auctions/:id',
    });
    await user.click(await screen.findByRole('button', { name: /second-chance offer/i }));
    const dialog = await screen.findByRole('dialog');
    const hours = within(dialog).getByRole('textbox', { name: 'Open for (hours)' }) as HTMLInputElement;
    const { defaultOfferHours, minOfferHours, maxOfferHours } = SCHEDULING_LIMITS;
    expect(hours.value).toBe(String(defaultOfferHours));
    expect(within(dialog).getByText(`${defaultOfferHours} hours by default.`)).toBeTruthy();

    await user.clear(hours);
    await user.type(hours, String(maxOfferHours + 1));
    expect(
      within(dialog).getByText(`The deadline is ${minOfferHours} to ${maxOfferHours} hours.`),
    ).toBeTruthy();
    expect(hours.getAttribute('aria-invalid')).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: /offer at \$40\.00/i }));
    expect(server.calls('POST', `/api/admin/auctions/${ID}/offers`)).toHaveLength(0);

    await user.clear(hours);
    await user.type(hours, String(maxOfferHours));
    expect(hours.getAttribute('aria-invalid')).toBeNull();
  });
});
