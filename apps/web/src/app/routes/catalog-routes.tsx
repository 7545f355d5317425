import { DROP_LIST_PAGES } from '@rebound/contract/drop-list';
import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { DropsPage, ShopPage } from '../pages';

// The storefront's browsing pages, each its own chunk (app/pages.ts). router.tsx spreads
// this list into the root layout's children.

/** While a page's code loads: its heading's place and a grid of grey cards, so nothing jumps. */
function PageFallback() {
  return (
    <Container className="py-6 sm:py-8 lg:py-10" aria-busy="true">
      <p role="status" className="sr-only">
        Loading...
      </p>
      <Skeleton className="h-9 w-64 sm:h-10" />
      <Skeleton className="mt-3 h-5 w-full max-w-xl" />
      <div className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-5 lg:grid-cols-4">
        {Array.from({ length: 8 }, (_, i) => (
          <Skeleton key={i} className="aspect-[3/4] w-full rounded-card" />
        ))}
      </div>
    </Container>
  );
}

// Where the new-drops email's confirmation link lands (contract drop-list.ts DROP_LIST_PAGES).
const DropListResultPage = lazy(async () => ({
  default: (await import('../../features/drops/components/DropListResultPage')).DropListResultPage,
}));
const dropListResult = (result: 'success' | 'already' | 'error') => (
  <Suspense fallback={null}>
    <DropListResultPage result={result} />
  </Suspense>
);

export const catalogRoutes: RouteObject[] = [
  {
    path: 'shop',
    element: (
      <Suspense fallback={<PageFallback />}>
        <ShopPage />
      </Suspense>
    ),
  },
  {
    path: 'drops',
    element: (
      <Suspense fallback={<PageFallback />}>
        <DropsPage />
      </Suspense>
    ),
  },
  { path: DROP_LIST_PAGES.success.slice(1), element: dropListResult('success') },
  { path: DROP_LIST_PAGES.alreadyConfirmed.slice(1), element: dropListResult('already') },
  { path: DROP_LIST_PAGES.error.slice(1), element: dropListResult('error') },
];
