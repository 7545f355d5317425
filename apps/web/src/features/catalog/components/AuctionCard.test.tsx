// @vitest-environment jsdom
import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderPage } from '../../../../test/render';
import { AuctionCard } from './AuctionCard';

const card = (saleTerms: AuctionCardData['saleTerms']): AuctionCardData => ({
  auctionId: '00000000-0000-4000-8000-0000000000c1',
  productId: '00000000-0000-4000-8000-0000000000c2',
  slug: 'instant-coffee',
  title: 'Gold Instant Coffee 200 g',
  brand: 'Nescafé',
  condition: 'like_new',
  saleTerms,
  categoryName: 'Food & Grocery',
  categorySlug: 'food-grocery',
  image: null,
  retailPriceCents: 3_300,
  currentPriceCents: 900,
  startingBidCents: 500,
  bidCount: 2,
  status: 'live',
  startTime: '2026-11-27T10:00:00.000Z',
  endTime: '2099-11-27T10:00:00.000Z',
  locationName: 'Burnaby Warehouse',
});

describe('AuctionCard: sale terms', () => {
  it('marks a Final Sale lot with a badge that says no returns', () => {
    renderPage(<AuctionCard card={card('final_sale')} onOpen={() => {}} />, { user: null });
    const badge = within(screen.getByRole('article')).getByTestId('sale-terms-badge');
    expect(badge.textContent).toBe('Final Sale');
    expect(badge.getAttribute('title')).toBe('Final sale: no returns.');
  });

  it('marks an As-Is lot', () => {
    renderPage(<AuctionCard card={card('as_is')} onOpen={() => {}} />, { user: null });
    expect(screen.getByTestId('sale-terms-badge').textContent).toBe('As-Is');
  });

  it('shows no badge on a standard lot', () => {
    renderPage(<AuctionCard card={card('standard')} onOpen={() => {}} />, { user: null });
    expect(screen.getByRole('article')).toBeTruthy();
    expect(screen.queryByTestId('sale-terms-badge')).toBeNull();
  });
});

describe('AuctionCard: more of its item', () => {
  it('links "N more like this" to the other lots on the product page, and says "N lots" when grouped', () => {
    renderPage(<AuctionCard card={{ ...card('standard'), moreOfItem: 4, itemLots: 5 }} onOpen={() => {}} />, {
      user: null,
    });
    const more = screen.getByTestId('more-like-this');
    expect(more.textContent).toBe('4 more like this');
    expect(more.getAttribute('href')).toBe('/product/instant-coffee#more-of-this-item');
    expect(screen.getByTestId('item-lots').textContent).toBe('5 lots');
  });

  it('says neither for a lot that is the only one of its item', () => {
    renderPage(<AuctionCard card={{ ...card('standard'), moreOfItem: 0 }} onOpen={() => {}} />, {
      user: null,
    });
    expect(screen.queryByTestId('more-like-this')).toBeNull();
    expect(screen.queryByTestId('item-lots')).toBeNull();
  });
});
