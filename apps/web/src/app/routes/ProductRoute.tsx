import { Suspense } from 'react';
import { useParams } from 'react-router';
import { ProductPageSkeleton } from '../../features/catalog/components/ProductPageSkeleton';
import { ProductPage } from '../pages';

// The product page (with its watch and bidding) is its own chunk (app/pages.ts): the home page does
// not pay for it.

export function ProductRoute() {
  const { slug = '' } = useParams();
  return (
    <Suspense fallback={<ProductPageSkeleton />}>
      <ProductPage key={slug} slug={slug} />
    </Suspense>
  );
}
