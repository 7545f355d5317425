// @vitest-environment jsdom
import type { ProductDetail } from '@rebound/contract/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { ProductPage } from './ProductPage';

const ID = '00000000-0000-4000-8000-0000000000c1';

function detail(
  over: Partial<ProductDetail> & { status?: ProductDetail['product']['status'] },
): ProductDetail {
  const { status = 'auctioned', ...rest } = over;
  return {
    serverTime: '2026-11-27T18:00:00.000Z',
    product: {
      id: ID,
      slug: 'desk-lamp-ab12cd',
      sku: 'DESK-LAMP-AB12CD',
      title: 'Brass Desk Lamp',
      description: 'A lamp.',
      brand: 'Acme',
      condition: 'like_new',
      status,
      saleTerms: 'standard',
      nonReturnableKind: null,
      retailPriceCents: 9_000,
      resalePriceCents: 4_000,
      category: null,
      images: [],
    },
    auction: {
      id: '00000000-0000-4000-8000-0000000000a1',
      status: 'ended',
      startTime: '2026-11-20T18:00:00.000Z',
      endTime: '2026-11-22T20:00:00.000Z',
      startingBidCents: 1_000,
      currentPriceCents: 2_600,
      bidCount: 3,
      incrementMode: 'fixed',
      bidIncrementCents: 100,
      hasReserve: false,
      reserveMet: false,
      buyNowPriceCents: null,
      softCloseSeconds: 60,
      leaderHandle: 'ava',
      seq: 4,
    },
    location: null,
    ending: null,
    earlierEnding: null,
    moreOfItem: { total: 0, lots: [] },
    soldBefore: { sales: [], medianCents: null },
    ...rest,
  };
}

function show(answer: ProductDetail) {
  fakeServer({ 'GET /api/products/desk-lamp-ab12cd': answer });
  return renderPage(<ProductPage slug="desk-lamp-ab12cd" renderAuction={() => <p>The auction box</p>} />, {
    path: '/product/desk-lamp-ab12cd',
  });
}

describe('the product page of a lot that is over', () => {
  it('says how the lot ended, and that the item is back when it waits to be relisted', async () => {
    show(
      detail({
        status: 'to_relist',
        ending: { outcome: 'sold', at: '2026-11-22T20:00:00.000Z', priceCents: 2_600 },
      }),
    );
    const banner = await screen.findByRole('region', { name: 'How this lot ended' });
    expect(banner.textContent).toContain('Ended Nov 22, 2026 — sold for $26.00');
    expect(banner.textContent).toContain('The item is back with us and may be auctioned again.');
    expect(screen.queryByRole('region', { name: 'This item is up again' })).toBeNull();
    expect(screen.getByText('The auction box')).toBeTruthy();
  });

  it('says a lot ended without a sale, or was cancelled', async () => {
    const { unmount } = show(
      detail({
        status: 'unsold',
        ending: { outcome: 'unsold', at: '2026-11-22T20:00:00.000Z', priceCents: null },
      }),
    );
    expect((await screen.findByTestId('lot-ending')).textContent).toContain(
      'Ended Nov 22, 2026 without a sale',
    );
    expect(screen.getByTestId('lot-ending').textContent).not.toContain('back with us');
    unmount();
    show(
      detail({
        status: 'to_relist',
        ending: { outcome: 'cancelled', at: '2026-11-21T20:00:00.000Z', priceCents: null },
      }),
    );
    expect((await screen.findByTestId('lot-ending')).textContent).toContain('Cancelled Nov 21, 2026');
  });

  it('links the new lot when the item is up again, with how the earlier lot ended', async () => {
    const base = detail({});
    show({
      ...base,
      auction: { ...base.auction!, status: 'scheduled', startTime: '2099-01-01T18:00:00.000Z', bidCount: 0 },
      earlierEnding: { outcome: 'unsold', at: '2026-11-22T20:00:00.000Z', priceCents: null },
    });
    const banner = await screen.findByRole('region', { name: 'This item is up again' });
    expect(within(banner).getByRole('link', { name: 'see the new lot' }).getAttribute('href')).toBe('#lot');
    expect(banner.textContent).toContain('The earlier lot: Ended Nov 22, 2026 without a sale.');
    // The link leads to the lot the page shows.
    expect(document.getElementById('lot')?.contains(screen.getByText('The auction box'))).toBe(true);
    expect(screen.queryByTestId('lot-ending')).toBeNull();
  });

  it('says nothing of endings on a lot that is open', async () => {
    const base = detail({});
    show({ ...base, auction: { ...base.auction!, status: 'live', endTime: '2099-01-01T18:00:00.000Z' } });
    expect(await screen.findByText('The auction box')).toBeTruthy();
    expect(screen.queryByTestId('lot-ending')).toBeNull();
    expect(screen.queryByTestId('lot-relisted')).toBeNull();
  });
});

const SLUG = 'nescafe-gold-instant-coffee-ab12';

function lotDetail(product: Partial<ProductDetail['product']>): ProductDetail {
  return {
    serverTime: '2026-11-27T18:00:00.000Z',
    product: {
      id: '00000000-0000-4000-8000-0000000000d1',
      slug: SLUG,
      sku: 'RB-AB12',
      title: 'Nescafé Gold Instant Coffee 200 g, 3-Pack',
      description: 'Sealed jars. Final sale: no returns.',
      brand: 'Nescafé',
      condition: 'like_new',
      status: 'auctioned',
      saleTerms: 'standard',
      nonReturnableKind: null,
      retailPriceCents: 3_300,
      resalePriceCents: 1_999,
      category: null,
      images: [],
      ...product,
    },
    auction: null,
    location: null,
    ending: null,
    earlierEnding: null,
    moreOfItem: { total: 0, lots: [] },
    soldBefore: { sales: [], medianCents: null },
  };
}

function renderLot(product: Partial<ProductDetail['product']>) {
  fakeServer({ [`GET /api/products/${SLUG}`]: lotDetail(product) });
  return renderPage(<ProductPage slug={SLUG} renderAuction={() => null} />, { user: null });
}

describe('ProductPage: the lot’s sale terms', () => {
  it('says Final Sale where the page used to promise free returns, and badges it', async () => {
    renderLot({ saleTerms: 'final_sale' });
    expect((await screen.findByTestId('product-sale-terms')).textContent).toBe('Final sale: no returns.');
    expect(screen.getByTestId('sale-terms-badge').textContent).toBe('Final Sale');
    expect(screen.queryByText(/free returns/i)).toBeNull();
  });

  it('says As-Is', async () => {
    renderLot({ saleTerms: 'as_is' });
    expect((await screen.findByTestId('product-sale-terms')).textContent).toBe(
      'As is: sold as found, no returns.',
    );
  });

  it('promises the 7-day return only for a standard lot the policy takes back', async () => {
    const { unmount } = renderLot({ saleTerms: 'standard' });
    expect((await screen.findByTestId('product-sale-terms')).textContent).toBe(
      'Standard: free returns within 7 days of pickup.',
    );
    expect(screen.queryByTestId('sale-terms-badge')).toBeNull();
    unmount();

    renderLot({ saleTerms: 'standard', nonReturnableKind: 'personal_care' });
    expect((await screen.findByTestId('product-sale-terms')).textContent).toBe(
      'No returns: personal care items cannot be returned.',
    );
  });
});

describe('ProductPage: more of this item, sold before', () => {
  it('lists the other lots with their condition, price and time left, and the sales with their median', async () => {
    show(
      detail({
        moreOfItem: {
          total: 14,
          lots: [
            {
              auctionId: '00000000-0000-4000-8000-0000000000b1',
              slug: 'desk-lamp-zz99',
              title: 'Brass Desk Lamp',
              condition: 'open_box',
              status: 'live',
              currentPriceCents: 2_150,
              bidCount: 2,
              startTime: '2026-11-27T10:00:00.000Z',
              endTime: '2026-11-27T21:05:00.000Z',
            },
          ],
        },
        soldBefore: {
          sales: [
            { endedAt: '2026-11-20T20:00:00.000Z', condition: 'like_new', priceCents: 3_000 },
            { endedAt: '2026-11-10T20:00:00.000Z', condition: 'gently_used', priceCents: 2_001 },
          ],
          medianCents: 2_501,
        },
      }),
    );
    const more = await screen.findByTestId('more-of-item');
    expect(within(more).getByTestId('more-of-item-count').textContent).toBe(
      '14 other lots of this item are up for auction; the 1 ending soonest:',
    );
    const lot = within(more).getByTestId('more-of-item-lot');
    expect(lot.getAttribute('href')).toBe('/product/desk-lamp-zz99');
    expect(lot.textContent).toContain('Open Box');
    expect(lot.textContent).toContain('$21.50');
    expect(lot.textContent).toContain('Ends in 3h 05m');
    const sold = screen.getByTestId('sold-before');
    expect(within(sold).getByTestId('sold-before-median').textContent).toContain('$25.01');
    expect(
      within(sold)
        .getAllByTestId('sold-before-sale')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('$30.00'), expect.stringContaining('$20.01')]);
  });

  it('shows neither section for a product that is an item of its own', async () => {
    show(detail({}));
    expect(await screen.findByText('About this item')).toBeTruthy();
    expect(screen.queryByTestId('more-of-item')).toBeNull();
    expect(screen.queryByTestId('sold-before')).toBeNull();
  });
});
