import { lazy, Suspense } from 'react';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { RequireSignIn } from '../../features/session/components/RequireSignIn';

// The account page with its tabs (My Bids, Watchlist) is its own chunk.
const AccountPage = lazy(() => import('./AccountPageWithTabs'));

/** /account: signed-in only; the welcome carries the Logout button of the session feature. */
export function AccountRoute() {
  return (
    <RequireSignIn>
      <Suspense
        fallback={
          <Container className="py-8 sm:py-12">
            <Skeleton className="h-9 w-64" />
          </Container>
        }
      >
        <AccountPage />
      </Suspense>
    </RequireSignIn>
  );
}
