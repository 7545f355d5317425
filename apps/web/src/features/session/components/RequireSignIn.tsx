import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { Container } from '../../../components/ui/Container';
import { Skeleton } from '../../../components/ui/Skeleton';
import { ErrorState } from '../../../components/ui/StatusMessage';
import { errorMessageOf } from '../../../lib/api-client';
import { useSession } from '../../../lib/session';

/**
 * Pages for signed-in shoppers only (account, notifications, pickup): a signed-out visitor is sent
 * to /auth. Nothing of the page shows until the session is known.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const session = useSession();
  if (session.isPending) return <PageSkeleton />;
  if (session.isError) {
    return (
      <Container className="py-16">
        <ErrorState
          title="We could not check your sign-in"
          message={errorMessageOf(session.error)}
          onRetry={() => void session.refetch()}
        />
      </Container>
    );
  }
  if (!session.user) return <Navigate to="/auth" replace />;
  return children;
}

function PageSkeleton() {
  return (
    <Container className="py-8 sm:py-12" aria-busy="true">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <Skeleton className="h-8 w-56" />
      <Skeleton className="mt-3 h-4 w-72" />
      <div className="mt-10 grid gap-6 lg:grid-cols-2">
        <Skeleton className="h-56 w-full rounded-card" />
        <Skeleton className="h-56 w-full rounded-card" />
      </div>
    </Container>
  );
}
