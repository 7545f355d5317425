import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ProductPageSkeleton } from '../../features/catalog/components/ProductPageSkeleton';

// The product page is its own chunk: the home page does not pay for it.
const ProductPage = lazy(() => import('../../features/catalog/components/ProductPage'));

export function ProductRoute() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      {/* Bidding (a later issue) plugs its control in here through ProductPage's bidAction. */}
      <ProductPage key={slug} slug={slug} />
    </Suspense>
  );
}
