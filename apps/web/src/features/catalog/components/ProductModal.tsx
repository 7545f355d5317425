import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { type ReactNode, Suspense } from 'react';
import { Dialog, DialogContent, DialogTitle } from '../../../components/ui/Dialog';
import { Skeleton } from '../../../components/ui/Skeleton';

type ProductModalProps = {
  /** The card last opened; kept while the dialog animates closed. */
  card: AuctionCardData | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /**
   * The body for a card (ProductModalContent with its auction slot filled). It may be lazy: it loads
   * on first open, keeping it out of the home page bundle, with a skeleton meanwhile.
   */
  renderContent: (card: AuctionCardData) => ReactNode;
};

/** Quick view of a product from a card, with a way through to the full page. */
export function ProductModal({ card, open, onOpenChange, renderContent }: ProductModalProps) {
  return (
    <Dialog open={open && card !== null} onOpenChange={onOpenChange}>
      <DialogContent aria-describedby={undefined} className="max-w-5xl">
        {card ? (
          <Suspense fallback={<ModalFallback title={card.title} />}>{renderContent(card)}</Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ModalFallback({ title }: { title: string }) {
  return (
    <div className="grid md:grid-cols-2" role="status">
      <div className="bg-ink-50 p-4 sm:p-6">
        <Skeleton className="aspect-square w-full rounded-card" />
      </div>
      <div className="flex flex-col gap-4 p-5 sm:p-8">
        <DialogTitle className="pr-10 text-xl font-bold text-ink-950 sm:text-2xl">{title}</DialogTitle>
        <span className="sr-only">Loading product...</span>
        <Skeleton className="h-40 w-full rounded-card" />
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}
