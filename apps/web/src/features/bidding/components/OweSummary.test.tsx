// @vitest-environment jsdom
import type { MySpendingResponse } from '@rebound/contract/spending';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { OweFigures, OweSummary } from './OweSummary';

// What you could owe (docs/product.md "What you could owe"): My Bids' figures with their
// explanations, and the header's compact ones, asked for only when the shopper has bids.

const spending = (over: Partial<MySpendingResponse> = {}): MySpendingResponse => ({
  serverTime: '2026-11-27T18:00:00.000Z',
  winningNow: {
    lots: [
      {
        auctionId: '00000000-0000-4000-8000-0000000000a1',
        title: 'Lamp',
        slug: 'lamp',
        priceCents: 10_000,
        totalCents: 12_880,
      },
      {
        auctionId: '00000000-0000-4000-8000-0000000000a2',
        title: 'Rug',
        slug: 'rug',
        priceCents: 2_000,
        totalCents: 2_576,
      },
    ],
    totalCents: 15_456,
  },
  atMost: { totalCents: 45_080, lots: 3 },
  limitCents: null,
  ...over,
});

describe('My Bids: Winning now and At most', () => {
  it('shows both figures, the lots counted, and what each means', async () => {
    fakeServer({ 'GET /api/me/spending': spending() });
    renderPage(<OweSummary />);
    const region = await screen.findByRole('region', { name: 'What you could owe' });
    expect(within(region).getByTestId('winning-now').textContent).toBe('$154.56 (2 lots)');
    expect(within(region).getByTestId('at-most').textContent).toBe('$450.80');
    expect(
      within(region).getByText(/If every maximum of yours wins, taxes and buyer’s premium included/),
    ).toBeTruthy();
    expect(within(region).getByText(/lead with the reserve met/)).toBeTruthy();
    expect(within(region).queryByText(/spending limit/i)).toBeNull();
  });

  it('says the limit, and that new maximums are refused while At most is above it', async () => {
    fakeServer({
      'GET /api/me/spending': spending({ limitCents: 40_000, winningNow: { lots: [], totalCents: 0 } }),
    });
    renderPage(<OweSummary />);
    expect((await screen.findByTestId('winning-now')).textContent).toBe('$0.00 (0 lots)');
    expect(screen.getByText(/Your spending limit: \$400\.00 \(new maximums are refused/)).toBeTruthy();
  });
});

describe('the header’s Winning now / At most', () => {
  it('shows the compact figures for a shopper with bids', async () => {
    fakeServer({ 'GET /api/me/spending': spending() });
    renderPage(<OweFigures enabled />);
    const link = await screen.findByTestId('owe-figures');
    expect(link.textContent).toBe('Winning now$154.56At most$450.80');
    expect(link.getAttribute('href')).toBe('/account?tab=bids');
  });

  it('asks nothing and shows nothing for a shopper without bids', async () => {
    const server = fakeServer({ 'GET /api/me/spending': spending() });
    renderPage(
      <>
        <OweFigures enabled={false} />
        <p>Page</p>
      </>,
    );
    expect(await screen.findByText('Page')).toBeTruthy();
    expect(screen.queryByTestId('owe-figures')).toBeNull();
    expect(server.calls('GET', '/api/me/spending')).toHaveLength(0);
  });
});
