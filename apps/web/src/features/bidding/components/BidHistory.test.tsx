// @vitest-environment jsdom
import type { BidHistoryResponse } from '@rebound/contract/bidding';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { BidHistory } from './BidHistory';

const ID = '00000000-0000-4000-8000-0000000000a1';
const AT = '2026-11-28T18:00:00.000Z';

const page = (over: Partial<BidHistoryResponse>): BidHistoryResponse => ({
  serverTime: AT,
  auctionId: ID,
  seq: 4,
  rows: [],
  total: 0,
  nextCursor: null,
  cancelledByStore: [],
  ...over,
});

describe('the public bid history', () => {
  it("shows 'Bid cancelled by the store' with its time, and no shopper or reason", async () => {
    fakeServer({
      [`GET /api/auctions/${ID}/bids`]: page({
        total: 1,
        rows: [
          {
            id: '00000000-0000-4000-8000-0000000000b1',
            handle: 'ben',
            amountCents: 1_000,
            createdAt: AT,
            isHighest: true,
            kind: 'automatic',
          },
        ],
        cancelledByStore: ['2026-11-28T18:05:00.000Z'],
      }),
    });
    renderPage(<BidHistory auctionId={ID} phase="live" />);
    const lines = await screen.findByRole('list', { name: 'Bids cancelled by the store' });
    const [line] = within(lines).getAllByRole('listitem');
    expect(line!.textContent).toMatch(/^Bid cancelled by the store · .+/);
    expect(line!.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-28T18:05:00.000Z');
    expect(screen.getByText('ben')).toBeTruthy();
  });

  it('shows the line under the empty state when the only bid was cancelled', async () => {
    fakeServer({ [`GET /api/auctions/${ID}/bids`]: page({ cancelledByStore: [AT] }) });
    renderPage(<BidHistory auctionId={ID} phase="live" />);
    expect(await screen.findByText('No bids yet. Be the first to bid!')).toBeTruthy();
    expect(screen.getAllByTestId('history-cancelled')).toHaveLength(1);
  });
});
