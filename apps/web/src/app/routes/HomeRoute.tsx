import type { AuctionCard } from '@rebound/contract/catalog';
import { Clock3, Flame } from 'lucide-react';
import { type ReactNode, useCallback, useMemo, useState } from 'react';
import { Container } from '../../components/ui/Container';
import { EmptyState, ErrorState } from '../../components/ui/StatusMessage';
import { useConfirmationLinkToast } from '../../features/auth/use-confirmation-link-toast';
import { AuctionGrid, AuctionGridSkeleton } from '../../features/catalog/components/AuctionGrid';
import { useHome } from '../../features/home/api';
import { AuctionShelf } from '../../features/home/components/AuctionShelf';
import { CategoryTiles } from '../../features/home/components/CategoryTiles';
import { Hero } from '../../features/home/components/Hero';
import { HowItWorksSteps } from '../../features/home/components/HowItWorksSteps';
import { errorMessageOf } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/use-document-title';
import { renderCardWatch } from '../product/card-watch';
import { QuickView } from '../product/QuickView';

export default function HomeRoute() {
  useDocumentTitle('Hidden Gems Await!');
  // An emailed confirmation link comes back here as /?confirmation=... (confirmed, used, expired).
  useConfirmationLinkToast();
  const home = useHome();
  const [selected, setSelected] = useState<AuctionCard | null>(null);
  const [modalOpen, setModalOpen] = useState(false);

  const openCard = useCallback((card: AuctionCard) => {
    setSelected(card);
    setModalOpen(true);
  }, []);

  const showcase = useMemo(() => {
    const cards = [...(home.data?.hottest ?? []), ...(home.data?.latest ?? [])];
    const seen = new Set<string>();
    return cards.flatMap((card) => {
      if (!card.image || seen.has(card.image.url)) return [];
      seen.add(card.image.url);
      return [{ url: card.image.url, alt: card.image.alt }];
    });
  }, [home.data]);

  function shelf(cards: readonly AuctionCard[] | undefined, skeletons: number, emptyText: string): ReactNode {
    if (home.isPending) return <AuctionGridSkeleton count={skeletons} />;
    if (home.isError || !cards) {
      return (
        <ErrorState
          title="Error loading products"
          message={errorMessageOf(home.error)}
          onRetry={() => void home.refetch()}
        />
      );
    }
    if (cards.length === 0) return <EmptyState>{emptyText}</EmptyState>;
    return (
      <AuctionGrid
        cards={cards}
        onOpen={openCard}
        onResync={() => void home.refetch()}
        renderWatch={renderCardWatch}
      />
    );
  }

  return (
    <>
      <Container className="pt-4 sm:pt-6 lg:pt-8">
        <Hero showcase={showcase} />
      </Container>

      <Container className="mt-12 flex flex-col gap-14 sm:mt-16 sm:gap-20">
        <CategoryTiles />

        <AuctionShelf
          id="latest"
          title="Latest Auctions"
          description="Fresh lots, just opened for bidding."
          icon={Clock3}
          viewMoreContext="latest auctions"
        >
          {shelf(home.data?.latest, 8, 'No latest auctions available right now.')}
        </AuctionShelf>

        <AuctionShelf
          id="hottest"
          title="Hottest Auctions"
          description="The lots with the most bids right now."
          icon={Flame}
          viewMoreContext="hottest auctions"
        >
          {shelf(home.data?.hottest, 4, 'No hot auctions available right now.')}
        </AuctionShelf>

        <section aria-labelledby="how-heading" className="rounded-[1.75rem] bg-ink-100/70 p-6 sm:p-10">
          <h2 id="how-heading" className="text-xl font-bold tracking-tight text-ink-950 sm:text-2xl">
            How Rebound works
          </h2>
          <p className="mt-1 text-sm text-ink-600">Three steps from first bid to picking up your find.</p>
          <div className="mt-6">
            <HowItWorksSteps layout="row" />
          </div>
        </section>
      </Container>

      <QuickView card={selected} open={modalOpen} onOpenChange={setModalOpen} />
    </>
  );
}
