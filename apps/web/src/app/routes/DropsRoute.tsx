import type { AuctionCard } from '@rebound/contract/catalog';
import { ArrowRight, Sparkles } from 'lucide-react';
import { useCallback, useState } from 'react';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { EmptyState, ErrorState } from '../../components/ui/StatusMessage';
import { AuctionGrid, AuctionGridSkeleton } from '../../features/catalog/components/AuctionGrid';
import { useDrops } from '../../features/drops/api';
import { DropsBanner } from '../../features/drops/components/DropsBanner';
import { EarlyAccessForm } from '../../features/drops/components/EarlyAccessForm';
import { errorMessageOf } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { renderCardWatch } from '../product/card-watch';
import { QuickView } from '../product/QuickView';

/** /drops, "This Week's Finds": the countdown banner, early access and the featured lots. */
export default function DropsRoute() {
  useDocumentTitle("This Week's Finds");
  const drops = useDrops();
  const [selected, setSelected] = useState<AuctionCard | null>(null);
  const [modalOpen, setModalOpen] = useState(false);
  const { refetch } = drops;

  const openCard = useCallback((card: AuctionCard) => {
    setSelected(card);
    setModalOpen(true);
  }, []);
  const refresh = useCallback(() => void refetch(), [refetch]);

  const featured = drops.data?.featured;

  return (
    <Container className="py-6 sm:py-8 lg:py-10">
      <header className="max-w-3xl">
        <p className="inline-flex items-center gap-1.5 text-sm font-semibold tracking-wide text-brand-700 uppercase">
          <Sparkles className="size-4" aria-hidden="true" />
          This week's drop
        </p>
        <h1 className="mt-1.5 text-3xl font-extrabold tracking-tight text-ink-950 sm:text-4xl">
          This Week's Finds
        </h1>
        <p className="mt-2 text-ink-700">
          Hand-picked returns and overstock, inspected and graded, now up for auction. Bid before the clock
          runs out.
        </p>
      </header>

      <div className="mt-6 grid gap-4 sm:mt-8 lg:grid-cols-[minmax(0,1.55fr)_minmax(0,1fr)] lg:gap-6">
        <DropsBanner figures={drops.data ?? null} onCountdownEnd={refresh} />
        <EarlyAccessForm />
      </div>

      <section aria-labelledby="featured-heading" className="mt-12 sm:mt-16">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2
              id="featured-heading"
              className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xl font-bold tracking-tight text-ink-950 sm:text-2xl"
            >
              Featured in This Drop
              {featured ? (
                <span className="rounded-full bg-brand-50 px-2.5 py-0.5 text-sm font-semibold text-brand-800 ring-1 ring-brand-200 ring-inset">
                  {featured.length} {featured.length === 1 ? 'item' : 'items'}
                </span>
              ) : null}
            </h2>
            <p className="mt-1 text-sm text-ink-600">Our pick of this week's lots, newest first.</p>
          </div>
          <ButtonLink to="/shop" variant="ghost" size="sm" className="text-brand-700 hover:text-brand-800">
            Browse all auctions
            <ArrowRight aria-hidden="true" />
          </ButtonLink>
        </div>

        <div className="mt-5">
          {drops.isError ? (
            <ErrorState
              title="Error loading featured products"
              message={errorMessageOf(drops.error)}
              onRetry={refresh}
            />
          ) : !featured ? (
            <>
              <p role="status" className="sr-only">
                Loading featured products...
              </p>
              <AuctionGridSkeleton count={8} />
            </>
          ) : featured.length === 0 ? (
            <EmptyState
              action={
                <ButtonLink to="/shop" variant="secondary" size="sm">
                  Shop all live auctions
                </ButtonLink>
              }
            >
              No featured items in this drop yet. Every live auction is in the shop.
            </EmptyState>
          ) : (
            <AuctionGrid
              cards={featured}
              onOpen={openCard}
              eagerCount={4}
              onResync={() => void drops.refetch()}
              renderWatch={renderCardWatch}
            />
          )}
        </div>
      </section>

      <QuickView card={selected} open={modalOpen} onOpenChange={setModalOpen} />
    </Container>
  );
}
