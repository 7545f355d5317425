// @vitest-environment jsdom
import type { ProductDetail } from '@rebound/contract/catalog';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fakeServer, renderPage } from '../../../../test/render';
import { ProductPage } from './ProductPage';

const SLUG = 'nescafe-gold-instant-coffee-ab12';

function detail(product: Partial<ProductDetail['product']>): ProductDetail {
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
  };
}

function renderLot(product: Partial<ProductDetail['product']>) {
  fakeServer({ [`GET /api/products/${SLUG}`]: detail(product) });
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
