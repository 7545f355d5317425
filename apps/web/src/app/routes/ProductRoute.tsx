import { lazy, Suspense } from 'react';
import { useParams } from 'react-router';
import { ProductPageSkeleton } from '../../features/catalog/components/ProductPageSkeleton';

// The product page (with its watch and bidding) is its own chunk: the home page does not pay for it.
const ProductPage = lazy(() => import('../product/ProductPageWithAuction'));

export function ProductRoute() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      <ProductPage key={slug} slug={slug} />
    </Suspense>
  );
}
