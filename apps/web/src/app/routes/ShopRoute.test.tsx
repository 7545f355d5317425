// @vitest-environment jsdom
import type { AuctionCard, ShopResponse } from '@rebound/contract/catalog';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeServer, renderPage, type SeenRequest } from '../../../test/render';
import ShopRoute from './ShopRoute';

// The shop with a search (docs/product.md "Search"): the close spelling's banner and its link to
// search as typed, the filters' counts, and the empty state that names the search.

function card(n: number, title: string): AuctionCard {
  const id = `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  return {
    auctionId: id,
    productId: id,
    slug: `lot-${n}`,
    title,
    brand: 'Acme',
    condition: 'like_new',
    saleTerms: 'standard',
    categoryName: 'Beauty & Health',
    categorySlug: 'beauty-health',
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

function shopAnswer(over: Partial<ShopResponse>): ShopResponse {
  const items = over.items ?? [];
  return {
    serverTime: new Date().toISOString(),
    items,
    total: items.length,
    totalExact: true,
    page: 1,
    pageSize: 40,
    pageCount: items.length > 0 ? 1 : 0,
    nextCursor: null,
    prevCursor: null,
    correction: null,
    facets: null,
    ...over,
  };
}

/** The live connection, never opened here. */
class ClosedSocket extends EventTarget {
  static readonly OPEN = 1;
  readyState = 0;
  send() {}
  close() {}
}

const CATEGORIES = {
  categories: [
    { slug: 'beauty-health', name: 'Beauty & Health' },
    { slug: 'electronics', name: 'Electronics' },
  ],
};

/** The shop's fake server: `answer` decides each /api/shop answer from the request's query. */
function serve(answer: (query: URLSearchParams) => ShopResponse) {
  return fakeServer({
    'GET /api/shop': (r: SeenRequest) => answer(new URL(r.path, 'http://x').searchParams),
    'GET /api/categories': CATEGORIES,
    'GET /api/locations': { locations: [] },
    'GET /api/me/watchlist/ids': { auctionIds: [] },
  });
}

const sidebar = () => screen.getByRole('complementary', { name: 'Filters' });

describe('the shop with a search', () => {
  beforeEach(() => {
    vi.stubGlobal('WebSocket', ClosedSocket);
  });

  it("shows the close spelling's results under 'Showing results for', and links to the search as typed", async () => {
    const server = serve((q) =>
      q.get('exact') === 'true'
        ? shopAnswer({})
        : shopAnswer({
            items: [card(1, 'Philips Hair Dryer')],
            correction: { query: 'hair dryer', asTyped: 'hair dryr' },
          }),
    );
    const { user, router } = renderPage(<ShopRoute />, { path: '/shop?q=hair%20dryr&condition=like_new' });

    const banner = await screen.findByText('Showing results for');
    expect(banner.textContent).toBe('Showing results for hair dryer');
    // The banner sits in a polite live region, so the change is read out.
    expect(banner.closest('[role="status"]')).not.toBeNull();
    const asTyped = screen.getByRole('link', { name: 'Search instead for hair dryr' });
    // The same filters, the words exactly as typed.
    expect(asTyped.getAttribute('href')).toBe('/shop?q=hair+dryr&exact=1&condition=like_new');

    await user.click(asTyped);
    expect(router.state.location.search).toBe('?q=hair+dryr&exact=1&condition=like_new');
    expect(await screen.findByText('No lots match “hair dryr”')).toBeTruthy();
    expect(screen.queryByText('Showing results for')).toBeNull();
    expect(
      screen.getByText('Check the spelling, try fewer or more general words, or clear the filters.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Clear filters' })).toBeTruthy();
    const asked = server.calls('GET', '/api/shop').map((r) => new URL(r.path, 'http://x').searchParams);
    expect(asked.at(-1)?.get('exact')).toBe('true');
    expect(asked.at(-1)?.get('sort')).toBe('relevance');
    expect(asked[0]?.get('exact')).toBeNull();
  });

  it('counts the lots each category and condition would give, quieter where none, only with a search', async () => {
    serve((q) =>
      shopAnswer({
        items: [card(1, 'Philips Hair Dryer')],
        facets: q.get('q')
          ? {
              categories: [{ slug: 'beauty-health', name: 'Beauty & Health', count: 12 }],
              conditions: [
                { condition: 'like_new', count: 9 },
                { condition: 'open_box', count: 3 },
              ],
            }
          : null,
      }),
    );
    const { user } = renderPage(<ShopRoute />, { path: '/shop?q=dryer' });

    const filters = sidebar();
    expect(await within(filters).findByRole('radio', { name: 'Beauty & Health (12)' })).toBeTruthy();
    const none = within(filters).getByRole('radio', { name: 'Electronics (0)' });
    expect(within(filters).getByRole('radio', { name: 'Like New (9)' })).toBeTruthy();
    expect(within(filters).getByRole('radio', { name: 'Open Box (3)' })).toBeTruthy();
    // 'All' and 'Any' carry no count.
    expect(within(filters).getByRole('radio', { name: 'All categories' })).toBeTruthy();
    expect(within(filters).getByRole('radio', { name: 'Any condition' })).toBeTruthy();
    // A choice that would give nothing is quieter, and still a choice.
    expect(none.closest('label')?.className).toContain('text-ink-500');
    expect(
      within(filters)
        .getByRole('radio', { name: 'Beauty & Health (12)' })
        .closest('label')
        ?.className.includes('text-ink-500'),
    ).toBe(false);
    expect(none.hasAttribute('disabled')).toBe(false);
    await user.click(none);
    expect((none as HTMLInputElement).checked).toBe(true);

    // Without a search, no counts.
    await user.click(screen.getByRole('button', { name: /dryer.*remove filter/ }));
    expect(await within(filters).findByRole('radio', { name: 'Beauty & Health' })).toBeTruthy();
    expect(within(filters).queryByRole('radio', { name: /\(\d+\)$/ })).toBeNull();
  });
});
