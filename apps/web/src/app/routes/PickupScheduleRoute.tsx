import { lazy, Suspense } from 'react';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { RequireSignIn } from '../../features/session/components/RequireSignIn';

// The pickup page is its own chunk, for signed-in shoppers only.
const PickupSchedule = lazy(() => import('./PickupScheduleForOrder'));

/** /pickup-schedule/:orderId: signed out goes to /auth (RequireSignIn). */
export function PickupScheduleRoute() {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <Container className="py-6 sm:py-10" aria-busy="true">
            <p role="status" className="sr-only">
              Loading...
            </p>
            <Skeleton className="h-8 w-36" />
            <Skeleton className="mt-4 h-9 w-64" />
          </Container>
        }
      >
        <PickupSchedule />
      </Suspense>
    </RequireSignIn>
  );
}
