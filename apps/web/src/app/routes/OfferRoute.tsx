import { lazy, Suspense } from 'react';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { RequireSignIn } from '../../features/session/components/RequireSignIn';

// A second-chance offer is its own chunk, for signed-in shoppers only.
const OfferPage = lazy(() => import('../../features/offers/components/OfferPage'));

/** /offers/:id: signed out goes to /auth first. */
export function OfferRoute() {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <Container className="py-10" aria-busy="true">
            <p role="status" className="sr-only">
              Loading...
            </p>
            <Skeleton className="h-9 w-72" />
          </Container>
        }
      >
        <OfferPage />
      </Suspense>
    </RequireSignIn>
  );
}
