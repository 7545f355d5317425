// @vitest-environment jsdom
import type { AuctionCard } from '@rebound/contract/catalog';
import { act, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../../test/render';
import { AuctionGrid, CARDS_PER_SLICE } from './AuctionGrid';

function card(n: number): AuctionCard {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    auctionId: id,
    productId: id,
    slug: `lot-${n}`,
    title: `Lot number ${n}`,
    brand: 'Acme',
    condition: 'like_new',
    saleTerms: 'standard',
    categoryName: 'Kitchen',
    categorySlug: 'kitchen',
    image: null,
    retailPriceCents: 10_000,
    currentPriceCents: 2_500,
    startingBidCents: 1_000,
    bidCount: 2,
    status: 'live',
    startTime: '2026-11-27T10:00:00.000Z',
    endTime: '2099-11-27T10:00:00.000Z',
    locationName: 'Vancouver',
  };
}

/** The live connection, never opened in these tests: the grid's cards are what it was given. */
class ClosedSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  send() {}
  close() {}
}

describe('AuctionGrid', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', ClosedSocket);
  });

  it('draws the first slice of cards at once and the rest after it, in order', async () => {
    const cards = Array.from({ length: 3 * CARDS_PER_SLICE + 3 }, (_, i) => card(i + 1));
    renderPage(<AuctionGrid cards={cards} onOpen={() => {}} />);
    expect(screen.getAllByRole('article')).toHaveLength(CARDS_PER_SLICE);
    // One slice per task: let three tasks run (8 + 3 x 8 >= 27 cards).
    for (let task = 0; task < 3; task += 1) {
      await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    }
    expect(screen.getAllByRole('heading').map((h) => h.textContent)).toEqual(cards.map((c) => c.title));
    // 27 cards in jsdom: seconds on a loaded machine.
  }, 60_000);

  it('draws a short list whole in the first render', () => {
    const cards = [card(1), card(2), card(3)];
    renderPage(<AuctionGrid cards={cards} onOpen={() => {}} />);
    expect(screen.getAllByRole('article')).toHaveLength(3);
  });
});
