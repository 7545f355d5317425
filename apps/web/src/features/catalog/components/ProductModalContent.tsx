import type { AuctionCard as AuctionCardData } from '@rebound/contract/catalog';
import { conditionLabel } from '@rebound/core/catalog';
import { saleTermsBadge } from '@rebound/core/sale-terms';
import { ArrowRight } from 'lucide-react';
import type { ReactNode } from 'react';
import { Badge } from '../../../components/ui/Badge';
import { ButtonLink } from '../../../components/ui/Button';
import { DialogTitle } from '../../../components/ui/Dialog';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { productPath } from '../../../lib/paths';
import { useProduct } from '../api';
import type { QuickViewAuctionSlot } from '../slots';
import { ConditionRubric } from './ConditionRubric';
import { ProductFacts } from './ProductFacts';
import { ProductGallery } from './ProductGallery';

/**
 * The quick view's body. It shows the card's own data at once and fills in the product's details
 * (all photos, description, SKU, pickup) when they arrive.
 */
export function ProductModalContent({
  card,
  renderAuction,
}: {
  card: AuctionCardData;
  /** The watch control and the live auction box (composed by the app). */
  renderAuction: (slot: QuickViewAuctionSlot) => ReactNode;
}) {
  const { data, error, isError, refetch } = useProduct(card.slug);
  const product = data?.product;
  const termsBadge = saleTermsBadge(card.saleTerms);
  const images = product?.images.length ? product.images : card.image ? [card.image] : [];

  return (
    <div className="grid md:grid-cols-2">
      <div className="bg-ink-50 p-4 sm:p-6">
        <ProductGallery images={images} title={card.title} priority className="md:sticky md:top-6" />
      </div>

      <div className="flex min-w-0 flex-col gap-5 p-5 sm:p-8">
        <div>
          <p className="text-sm font-medium text-ink-600">{card.brand}</p>
          <DialogTitle className="mt-1 pr-10 text-xl leading-tight font-bold tracking-tight text-ink-950 sm:text-2xl">
            {card.title}
          </DialogTitle>
          <div className="mt-3 flex flex-wrap gap-2">
            <Badge tone="brand">{conditionLabel(card.condition)}</Badge>
            {termsBadge ? <Badge tone="gold">{termsBadge}</Badge> : null}
            <Badge>{card.categoryName}</Badge>
          </div>
          <ConditionRubric condition={card.condition} className="mt-3" />
        </div>

        {renderAuction({
          card,
          product,
          auction: data?.auction ?? card,
          location: data?.location ?? null,
          onPhaseChange: () => void refetch(),
          fullPageLink: (
            <ButtonLink to={productPath(card.slug)} variant="secondary" block className="mt-4">
              View Full Page
              <ArrowRight aria-hidden="true" />
            </ButtonLink>
          ),
        })}

        {isError ? (
          <ErrorState
            title="Could not load the details"
            message={errorMessageOf(error)}
            onRetry={() => void refetch()}
          />
        ) : product ? (
          <>
            <p className="line-clamp-4 text-sm leading-relaxed whitespace-pre-line text-ink-700">
              {product.description}
            </p>
            <ProductFacts product={product} pickup={data?.location?.name ?? card.locationName} />
          </>
        ) : (
          <div className="flex flex-col gap-2" role="status">
            <span className="sr-only">Loading product...</span>
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-4 w-11/12" />
            <Skeleton className="h-4 w-2/3" />
            <Skeleton className="mt-3 h-24 w-full" />
          </div>
        )}
      </div>
    </div>
  );
}
