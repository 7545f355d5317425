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
  cancelledBids: [],
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

describe('cancelling a bid from the auction page', () => {
  const live: AdminAuctionDetail = {
    ...auction,
    status: 'live',
    maxBids: [
      { ...ben, maxAmountCents: 9_000, setAt: AT },
      {
        id: '00000000-0000-4000-8000-0000000000e3',
        handle: 'cy',
        email: 'cy@example.test',
        maxAmountCents: 4_000,
        setAt: AT,
      },
    ],
    offerCandidates: [],
    can: { edit: false, cancel: true, relist: false, offer: false, cancelBids: true },
  };

  it('asks first, says what happens, sends the optional reason, and shows the lot as the server returns it', async () => {
    const after: AdminAuctionDetail = {
      ...live,
      maxBids: [live.maxBids[1]!],
      currentPriceCents: 100,
      cancelledBids: [{ user: ben, at: AT }],
    };
    const server = fakeServer({
      [`GET /api/admin/auctions/${ID}`]: live,
      [`POST /api/admin/auctions/${ID}/bids/${ben.id}/cancel`]: after,
    });
    const { user } = renderPage(<AuctionDetailPage />, {
      user: shopper({ role: 'staff' }),
      path: `/admin/auctions/${ID}`,
      routePath: '/admin/auctions/:id',
    });
    await user.click(await screen.findByRole('button', { name: 'Cancel the bid of ben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel the bid of ben?' });
    expect(within(dialog).getByText(/the end time does not move/)).toBeTruthy();
    await user.type(within(dialog).getByRole('textbox', { name: 'Reason (optional)' }), 'Shill ring');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel bid' }));
    const calls = server.calls('POST', `/api/admin/auctions/${ID}/bids/${ben.id}/cancel`);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ reason: 'Shill ring' });
    expect(await screen.findByText('Cancelled by the store')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel the bid of ben' })).toBeNull();
  });

  it('offers no cancel once the lot is not live', async () => {
    fakeServer({
      [`GET /api/admin/auctions/${ID}`]: {
        ...live,
        status: 'ended',
        can: { ...live.can, cancelBids: false },
      },
    });
    renderPage(<AuctionDetailPage />, {
      user: shopper({ role: 'staff' }),
      path: `/admin/auctions/${ID}`,
      routePath: '/admin/auctions/:id',
    });
    expect(await screen.findByText('cy')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Cancel the bid/ })).toBeNull();
  });
});
