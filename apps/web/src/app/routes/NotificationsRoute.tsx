import { lazy, Suspense } from 'react';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { RequireSignIn } from '../../features/session/components/RequireSignIn';

// The notifications page is its own chunk, for signed-in shoppers only.
const NotificationsPage = lazy(() =>
  import('../../features/notifications/components/NotificationsPage').then((m) => ({
    default: m.NotificationsPage,
  })),
);

/** /notifications: signed out goes to /auth (RequireSignIn). */
export function NotificationsRoute() {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <Container className="py-8 sm:py-12" aria-busy="true">
            <p role="status" className="sr-only">
              Loading...
            </p>
            <div className="mx-auto max-w-3xl">
              <Skeleton className="h-9 w-56" />
              <Skeleton className="mt-8 h-20 w-full rounded-card" />
            </div>
          </Container>
        }
      >
        <NotificationsPage />
      </Suspense>
    </RequireSignIn>
  );
}
