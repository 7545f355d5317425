// @vitest-environment jsdom
import type { ItemLot, ProductDetail } from '@rebound/contract/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../test/render';
import { ProductPage } from '../../features/catalog/components/ProductPage';
import { renderItemGroup } from './item-group';

const other = (n: number, status: ItemLot['status'] = 'live'): ItemLot => ({
  auctionId: `00000000-0000-4000-8000-0000000000b${n}`,
  slug: `desk-lamp-${n}`,
  title: 'Brass Desk Lamp',
  condition: 'open_box',
  status,
  currentPriceCents: 1_500,
  bidCount: 1,
  startTime: '2026-11-20T18:00:00.000Z',
  endTime: `2099-11-2${n}T18:00:00.000Z`,
});

function detail(auctionStatus: 'live' | 'ended', lots: ItemLot[]): ProductDetail {
  return {
    serverTime: '2026-11-27T18:00:00.000Z',
    product: {
      id: '00000000-0000-4000-8000-0000000000c1',
      slug: 'desk-lamp-0',
      sku: 'DESK-LAMP-0',
      title: 'Brass Desk Lamp',
      description: 'A lamp.',
      brand: 'Acme',
      condition: 'like_new',
      status: 'auctioned',
      saleTerms: 'final_sale',
      nonReturnableKind: null,
      retailPriceCents: 9_000,
      resalePriceCents: 4_000,
      category: null,
      images: [],
    },
    auction: {
      id: '00000000-0000-4000-8000-0000000000a1',
      status: auctionStatus,
      startTime: '2026-11-20T18:00:00.000Z',
      endTime: '2099-11-25T18:00:00.000Z',
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
    moreOfItem: { total: lots.length, lots },
    soldBefore: { sales: [], medianCents: null },
  };
}

const termsOf = (saleTerms: 'standard' | 'as_is') =>
  ({
    serverTime: '2026-11-27T18:00:00.000Z',
    product: { saleTerms, nonReturnableKind: null },
  }) as ProductDetail;

describe("the product page's 'Win one of these'", () => {
  it('opens the builder with this lot and the other open lots, soonest ending first, with every lot’s terms', async () => {
    fakeServer({
      'GET /api/products/desk-lamp-0': detail('live', [other(1), other(9), other(8, 'ended')]),
      'GET /api/products/desk-lamp-1': termsOf('standard'),
      'GET /api/products/desk-lamp-9': termsOf('as_is'),
    });
    const { user } = renderPage(
      <ProductPage slug="desk-lamp-0" renderAuction={() => null} renderItemGroup={renderItemGroup} />,
    );
    const section = await screen.findByTestId('more-of-item');
    await user.click(await within(section).findByRole('button', { name: 'Win one of these' }));
    const dialog = await screen.findByRole('dialog', { name: 'Win one of these' });
    const rows = within(dialog).getAllByTestId('group-builder-lot');
    expect(rows.map((r) => r.textContent?.match(/Open Box|Like New \(this lot\)/)?.[0])).toEqual([
      'Open Box',
      'Like New (this lot)',
      'Open Box',
    ]);
    const terms = await within(dialog).findByTestId('group-builder-terms');
    expect(terms.textContent).toContain('Brass Desk Lamp: Final sale: no returns.');
    expect(terms.textContent).toContain('Brass Desk Lamp: As is: sold as found, no returns.');
  });

  it('is not offered when fewer than two lots are open', async () => {
    fakeServer({ 'GET /api/products/desk-lamp-0': detail('ended', [other(1), other(8, 'ended')]) });
    renderPage(
      <ProductPage slug="desk-lamp-0" renderAuction={() => null} renderItemGroup={renderItemGroup} />,
    );
    await screen.findByTestId('more-of-item');
    expect(screen.queryByRole('button', { name: 'Win one of these' })).toBeNull();
  });
});
