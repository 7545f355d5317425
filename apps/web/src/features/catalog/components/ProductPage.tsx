import { conditionLabel, DEFAULT_CATEGORY_NAME, slugify } from '@rebound/core/catalog';
import { isReturnableLot, saleTermsBadge, saleTermsText } from '@rebound/core/sale-terms';
import { BadgeCheck, Ban, ChevronRight, IdCard, MapPin, RotateCcw } from 'lucide-react';
import { lazy, type ReactNode, Suspense, useDeferredValue, useEffect } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { Badge } from '../../../components/ui/Badge';
import { Container } from '../../../components/ui/Container';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf, isNotFound } from '../../../lib/api-client';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useProduct } from '../api';
import type { ItemGroupSlot, ProductAuctionSlot } from '../slots';
import { ConditionRubric } from './ConditionRubric';
import { ProductFacts } from './ProductFacts';
import { ProductGallery } from './ProductGallery';
import { ProductPageSkeleton } from './ProductPageSkeleton';

// Only a lot that is over (or an item up again) has an ending to tell: its banner is not in the
// page's first script (the page weight budget, e2e/tests/budget.spec.ts).
const LotEndingBanner = lazy(() => import('./LotEndingBanner').then((m) => ({ default: m.LotEndingBanner })));
// Only a product with other units of its item has these sections (decision 092): not in the first script.
const ItemLots = lazy(() => import('./ItemLots').then((m) => ({ default: m.ItemLots })));

type ProductPageProps = {
  slug: string;
  /** The watch control and the live auction box, placed under the title (composed by the app). */
  renderAuction: (slot: ProductAuctionSlot) => ReactNode;
  /** Under 'More of this item': a way to bid on several of its lots at once (composed by the app). */
  renderItemGroup?: (slot: ItemGroupSlot) => ReactNode;
};

/** The full product page: gallery, auction box, facts, description and pickup. */
export function ProductPage({ slug, renderAuction, renderItemGroup }: ProductPageProps) {
  const { data: answer, error, isError, isPending, refetch } = useProduct(slug);
  // The page renders from a deferred copy of the answer: when it arrives, React renders the page in
  // slices in the background (yielding to the browser) instead of one long task, and the skeleton
  // stays until then (decision 040). A later answer for the same product (a refetch) shows the same.
  const data = useDeferredValue(answer);
  const navigate = useNavigate();
  const location = useLocation();
  const notFound = isError && isNotFound(error);

  useDocumentTitle(data?.product.title ?? (isError ? 'Product unavailable' : 'Loading product...'));

  useEffect(() => {
    if (notFound) navigate('/404', { replace: true, state: { from: location.pathname } });
  }, [notFound, navigate, location.pathname]);

  if (isPending || notFound) return <ProductPageSkeleton />;
  if (isError) {
    return (
      <Container className="py-16">
        <ErrorState
          title="Error loading product"
          message={errorMessageOf(error)}
          onRetry={() => void refetch()}
        />
      </Container>
    );
  }
  // The answer is there; the deferred copy not yet (its background render is under way).
  if (data === undefined) return <ProductPageSkeleton />;

  const { product, auction, location: pickup } = data;
  const category = product.category;
  const termsBadge = saleTermsBadge(product.saleTerms);
  const returnable = isReturnableLot(product);

  return (
    <Container className="py-6 sm:py-8 lg:py-12">
      <nav aria-label="Breadcrumb" className="mb-5 sm:mb-8">
        <ol className="flex flex-wrap items-center gap-1 text-sm text-ink-600">
          <li>
            <Link to="/" className="rounded hover:text-ink-900 hover:underline">
              Home
            </Link>
          </li>
          <li aria-hidden="true">
            <ChevronRight className="size-4 text-ink-400" />
          </li>
          <li>
            <Link to="/shop" className="rounded hover:text-ink-900 hover:underline">
              Shop
            </Link>
          </li>
          {category ? (
            <>
              <li aria-hidden="true">
                <ChevronRight className="size-4 text-ink-400" />
              </li>
              <li>
                <Link
                  to={`/shop?category=${encodeURIComponent(slugify(category.name))}`}
                  className="rounded hover:text-ink-900 hover:underline"
                >
                  {category.name}
                </Link>
              </li>
            </>
          ) : null}
          <li aria-hidden="true" className="hidden sm:block">
            <ChevronRight className="size-4 text-ink-400" />
          </li>
          <li className="hidden max-w-[24ch] truncate font-medium text-ink-900 sm:block" aria-current="page">
            {product.title}
          </li>
        </ol>
      </nav>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)] lg:gap-14">
        <div className="lg:sticky lg:top-24 lg:self-start">
          <ProductGallery key={product.id} images={product.images} title={product.title} priority />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <header>
            <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{product.brand}</p>
            <h1 className="mt-1.5 text-2xl leading-tight font-bold tracking-tight text-balance text-ink-950 sm:text-3xl lg:text-4xl">
              {product.title}
            </h1>
            <div className="mt-4 flex flex-wrap gap-2">
              <Badge tone="brand">{conditionLabel(product.condition)}</Badge>
              {termsBadge ? (
                <Badge tone="gold" data-testid="sale-terms-badge">
                  {termsBadge}
                </Badge>
              ) : null}
              <Badge>{category?.name ?? DEFAULT_CATEGORY_NAME}</Badge>
              <Badge>
                <BadgeCheck aria-hidden="true" />
                Inspected &amp; graded
              </Badge>
            </div>
            <ConditionRubric condition={product.condition} className="mt-3" />
          </header>

          {data.ending || data.earlierEnding ? (
            <Suspense fallback={null}>
              <LotEndingBanner
                ending={data.ending}
                earlierEnding={data.earlierEnding}
                productStatus={product.status}
              />
            </Suspense>
          ) : null}

          {/* The lot the page shows: the relisted one when the banner above links to it. */}
          <div id="lot" className="flex scroll-mt-24 flex-col gap-6">
            {renderAuction({ product, auction, location: pickup, onPhaseChange: () => void refetch() })}
          </div>

          {data.moreOfItem.lots.length > 0 || data.soldBefore.sales.length > 0 ? (
            <Suspense fallback={null}>
              <ItemLots
                moreOfItem={data.moreOfItem}
                soldBefore={data.soldBefore}
                serverTime={data.serverTime}
                action={
                  data.moreOfItem.lots.length > 0
                    ? renderItemGroup?.({ product, auction, moreOfItem: data.moreOfItem })
                    : null
                }
              />
            </Suspense>
          ) : null}

          <section aria-labelledby="description-heading">
            <h2 id="description-heading" className="text-base font-semibold text-ink-950">
              About this item
            </h2>
            <p className="mt-2 leading-relaxed whitespace-pre-line text-ink-700">{product.description}</p>
          </section>

          <section aria-labelledby="details-heading">
            <h2 id="details-heading" className="text-base font-semibold text-ink-950">
              Details
            </h2>
            <ProductFacts product={product} className="mt-1" />
          </section>

          <section
            aria-labelledby="pickup-heading"
            className="rounded-card bg-brand-50/70 p-4 ring-1 ring-brand-100 sm:p-5"
          >
            <h2 id="pickup-heading" className="flex items-center gap-2 text-base font-semibold text-ink-950">
              <MapPin className="size-4.5 text-brand-700" aria-hidden="true" />
              Pickup location
            </h2>
            {pickup ? (
              <address className="mt-2 text-sm leading-relaxed text-ink-800 not-italic">
                <span className="font-semibold">{pickup.name}</span>
                <br />
                {pickup.addressLine1}
                <br />
                {pickup.city}, {pickup.province} {pickup.postalCode}
              </address>
            ) : (
              <p className="mt-2 text-sm text-ink-700">Pickup details are shared with the winner.</p>
            )}
            <ul className="mt-4 grid gap-2 text-sm text-ink-700 sm:grid-cols-2">
              <li className="flex items-center gap-2">
                <IdCard className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                Pickup only, bring valid ID
              </li>
              <li className="flex items-center gap-2" data-testid="product-sale-terms">
                {returnable ? (
                  <RotateCcw className="size-4 shrink-0 text-brand-700" aria-hidden="true" />
                ) : (
                  <Ban className="size-4 shrink-0 text-accent-700" aria-hidden="true" />
                )}
                {saleTermsText(product)}
              </li>
            </ul>
          </section>
        </div>
      </div>
    </Container>
  );
}
