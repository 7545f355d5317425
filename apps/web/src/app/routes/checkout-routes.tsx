import { lazy, Suspense } from 'react';
import type { RouteObject } from 'react-router';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { RequireSignIn } from '../../features/session/components/RequireSignIn';

// The cart and the page the hosted checkout returns to, each its own chunk and for
// signed-in shoppers only: the server prices the cart from the shopper's own orders.
const CartPage = lazy(() => import('./CartRoute'));
const CheckoutSuccessPage = lazy(() => import('./CheckoutSuccessRoute'));

function PageFallback() {
  return (
    <Container className="py-8 sm:py-12" aria-busy="true">
      <p role="status" className="sr-only">
        Loading...
      </p>
      <Skeleton className="h-9 w-48" />
      <Skeleton className="mt-8 h-28 w-full rounded-card" />
    </Container>
  );
}

export const checkoutRoutes: RouteObject[] = [
  {
    path: 'cart',
    element: (
      <RequireSignIn>
        <Suspense fallback={<PageFallback />}>
          <CartPage />
        </Suspense>
      </RequireSignIn>
    ),
  },
  {
    path: 'checkout/success',
    element: (
      <RequireSignIn>
        <Suspense fallback={<PageFallback />}>
          <CheckoutSuccessPage />
        </Suspense>
      </RequireSignIn>
    ),
  },
];
