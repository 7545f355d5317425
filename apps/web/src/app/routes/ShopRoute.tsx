import type { AuctionCard } from '@rebound/contract/catalog';
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { EmptyState, ErrorState } from '../../components/ui/StatusMessage';
import { PickedTray } from '../../features/bid-groups/components/PickedTray';
import { useCategories, useLocations, useShop } from '../../features/catalog/api';
import { AuctionGrid, AuctionGridSkeleton } from '../../features/catalog/components/AuctionGrid';
import { SaveSearchButton } from '../../features/saved-searches/components/SaveSearchButton';
import { ActiveFilters } from '../../features/shop/components/ActiveFilters';
import { FilterDrawer } from '../../features/shop/components/FilterDrawer';
import { Pager } from '../../features/shop/components/Pager';
import { SearchBox } from '../../features/shop/components/SearchBox';
import { SearchCorrection } from '../../features/shop/components/SearchCorrection';
import { ShopFilters } from '../../features/shop/components/ShopFilters';
import { SortSelect } from '../../features/shop/components/SortSelect';
import {
  activeFilterCount,
  auctionsLabel,
  shopSort,
  toShopQuery,
  writeShopParams,
} from '../../features/shop/search-params';
import { useShopParams } from '../../features/shop/use-shop-params';
import { errorMessageOf } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { renderShopCardControls } from '../product/card-group';
import { QuickView } from '../product/QuickView';

/** Skeleton cards shown on the first load: two phone rows, or a desktop screenful. */
const SKELETON_CARDS = 12;

/**
 * /shop, 'Shop Returns': filters (sidebar on desktop, drawer on phones), search, sort, the grid of
 * live auctions and the pager. Everything the shopper chooses is in the address (features/shop).
 */
export default function ShopRoute() {
  useDocumentTitle('Shop Returns');
  const { state, update, clear, replace } = useShopParams();
  const query = useMemo(() => toShopQuery(state), [state]);
  const shop = useShop(query);
  const categories = useCategories();
  const locations = useLocations();
  const [selected, setSelected] = useState<AuctionCard | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const resultsHeading = useRef<HTMLHeadingElement>(null);

  const openCard = useCallback((card: AuctionCard) => {
    setSelected(card);
    setModalOpen(true);
  }, []);

  // A page past the last one (an old link, or results that shrank): go to the last page instead.
  const data = shop.data;
  // The grid (40 cards, most of the page's elements) renders from a deferred copy: React renders it
  // in slices in the background instead of one long task when the answer arrives (decision 037).
  const cards = useDeferredValue(data?.items);
  const settled = data !== undefined && !shop.isPlaceholderData;
  useEffect(() => {
    if (settled && data.total > 0 && state.page > data.pageCount) replace({ page: data.pageCount });
  }, [settled, data, state.page, replace]);

  // After moving to another page, keyboard and screen-reader users start at the top of the results.
  const shownPage = useRef(state.page);
  useEffect(() => {
    if (shownPage.current === state.page) return;
    shownPage.current = state.page;
    resultsHeading.current?.focus({ preventScroll: true });
  }, [state.page]);

  const categoryChoices = categories.data?.categories ?? (categories.isError ? [] : undefined);
  const locationChoices = locations.data?.locations ?? (locations.isError ? [] : undefined);
  const filterCount = activeFilterCount(state);
  const searchNames = useMemo(
    () => ({
      categories: new Map((categoryChoices ?? []).map((c) => [c.slug, c.name])),
      locations: new Map((locationChoices ?? []).map((l) => [l.slug, l.name])),
    }),
    [categoryChoices, locationChoices],
  );
  const hrefFor = useCallback(
    (page: number) => {
      const search = writeShopParams({ ...state, page }).toString();
      return search ? `/shop?${search}` : '/shop';
    },
    [state],
  );

  // The counts of the answer on screen (the filters guide a search: docs/product.md "Search").
  const facets = data?.facets ?? null;
  // 'Showing results for': the answer's close spelling, and the same search exactly as typed.
  const correction = data?.correction;
  const asTypedHref = correction
    ? `/shop?${writeShopParams({ ...state, q: correction.asTyped, exact: true, page: 1 })}`
    : '/shop';
  const filters = (
    <ShopFilters
      state={state}
      categories={categoryChoices}
      locations={locationChoices}
      facets={facets}
      onChange={update}
    />
  );

  let results: ReactNode;
  if (shop.isError) {
    results = (
      <ErrorState
        title="Error loading products"
        message={errorMessageOf(shop.error)}
        onRetry={() => void shop.refetch()}
      />
    );
  } else if (!data || !cards || (data.items.length === 0 && data.total > 0)) {
    results = <AuctionGridSkeleton count={SKELETON_CARDS} columns="beside-sidebar" />;
  } else if (data.items.length === 0) {
    const otherFilters = filterCount - (state.q ? 1 : 0);
    results = (
      <EmptyState
        className="py-16"
        detail={
          state.q
            ? otherFilters > 0
              ? 'Check the spelling, try fewer or more general words, or clear the filters.'
              : 'Check the spelling, or try fewer or more general words.'
            : null
        }
        action={
          filterCount > 0 ? (
            <Button variant="secondary" onClick={clear}>
              {otherFilters > 0 ? 'Clear filters' : 'Show all lots'}
            </Button>
          ) : null
        }
      >
        {state.q
          ? `No lots match “${state.q}”`
          : 'No products found matching your filters. Try adjusting your criteria.'}
      </EmptyState>
    );
  } else {
    results = (
      <div
        aria-busy={shop.isPlaceholderData || undefined}
        className={
          shop.isPlaceholderData ? 'opacity-60 transition-opacity duration-200' : 'transition-opacity'
        }
      >
        <AuctionGrid
          cards={cards}
          onOpen={openCard}
          columns="beside-sidebar"
          eagerCount={4}
          onResync={() => void shop.refetch()}
          renderWatch={renderShopCardControls}
        />
      </div>
    );
  }

  const loading = !data && !shop.isError;
  const countText = loading
    ? 'Loading products...'
    : shop.isError
      ? ''
      : shop.isPlaceholderData
        ? 'Updating results...'
        : auctionsLabel(data?.total ?? 0, data?.totalExact === false);

  return (
    <Container className="py-6 sm:py-8 lg:py-10">
      <header className="max-w-3xl">
        <h1 className="text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">Shop Returns</h1>
        <p className="mt-2 text-ink-700">
          Inspected returns and overstock from major retailers, live for bidding now. Pick up in BC.
        </p>
      </header>

      <div className="mt-6 sm:mt-8 lg:grid lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-8 xl:gap-10">
        <aside aria-labelledby="filters-heading" className="hidden lg:block">
          <div className="sticky top-24 max-h-[calc(100dvh-7rem)] overflow-y-auto overscroll-contain rounded-card bg-white p-4 shadow-card ring-1 ring-ink-200/80">
            <div className="mb-4 flex items-center justify-between gap-2">
              <h2 id="filters-heading" className="flex items-center gap-2 text-base font-bold text-ink-950">
                <SlidersHorizontal className="size-4 text-ink-600" aria-hidden="true" />
                Filters
              </h2>
              {filterCount > 0 ? (
                <button
                  type="button"
                  onClick={clear}
                  className="rounded-lg px-2 py-1 text-sm font-semibold text-brand-700 hover:bg-brand-50 hover:text-brand-800"
                >
                  Clear all
                </button>
              ) : null}
            </div>
            {filters}
          </div>
        </aside>

        <section aria-labelledby="results-heading" className="min-w-0">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
            <SearchBox
              value={state.q}
              // A new search is corrected again when it finds nothing; a suggested category narrows it.
              onSearch={(q, category) => update({ q, exact: false, ...(category ? { category } : {}) })}
              className="sm:flex-1"
            />
            <div className="flex gap-3">
              <FilterDrawer
                activeCount={filterCount}
                total={settled && data.totalExact ? data.total : null}
                onClear={clear}
                className="flex-1 lg:hidden"
              >
                {filters}
              </FilterDrawer>
              <SortSelect
                value={shopSort(state)}
                q={state.q}
                onChange={(sort) => update({ sort })}
                className="flex-1 sm:w-60"
              />
            </div>
          </div>

          <div className="mt-4 flex min-h-8 flex-wrap items-center justify-between gap-x-4 gap-y-2">
            <h2
              ref={resultsHeading}
              id="results-heading"
              tabIndex={-1}
              aria-live="polite"
              className="text-sm font-semibold text-ink-800 focus:outline-none"
            >
              {countText || 'Results'}
            </h2>
            {/* The saved-searches feature saves exactly what the shop asks the server for. */}
            <SaveSearchButton query={query} names={searchNames} />
          </div>
          <div className="mt-2 empty:hidden">
            <ActiveFilters
              state={state}
              categories={categoryChoices}
              locations={locationChoices}
              onChange={update}
              onClear={clear}
            />
          </div>

          <SearchCorrection correction={correction ?? null} asTypedHref={asTypedHref} className="mt-4" />
          <div className="mt-4">{results}</div>

          {data && !shop.isError ? (
            <Pager page={data.page} pageCount={data.pageCount} hrefFor={hrefFor} className="mt-10" />
          ) : null}
        </section>
      </div>

      <QuickView card={selected} open={modalOpen} onOpenChange={setModalOpen} />
      {/* Lots picked with 'Add to a group' on the cards (the bid-groups feature). */}
      <PickedTray />
    </Container>
  );
}
