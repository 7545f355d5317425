import { afterSignInPath } from '@rebound/core/return-path';
import { lazy, Suspense } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { useSession, useSetSignedInUser } from '../../lib/session';

const AuthPage = lazy(() => import('../../features/auth/components/AuthPage'));

/**
 * /auth: sign in, sign up or phone. A signed-in visitor is sent back to `?next=` when that is a path
 * on this site (e.g. /admin sent them here; nothing else is followed), else staff to the back-office
 * and shoppers home (core's afterSignInPath).
 */
export function AuthRoute() {
  const session = useSession();
  const setSignedInUser = useSetSignedInUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = params.get('next');

  if (session.user) return <Navigate to={afterSignInPath(session.user.role, next)} replace />;
  if (session.isPending) return <AuthSkeleton />;
  return (
    <Suspense fallback={<AuthSkeleton />}>
      <AuthPage
        onSignedIn={(user) => {
          setSignedInUser(user);
          navigate(afterSignInPath(user.role, next), { replace: true });
        }}
      />
    </Suspense>
  );
}

function AuthSkeleton() {
  return (
    <Container className="py-6 sm:py-10 lg:py-14" aria-busy="true">
      <span className="sr-only" role="status">
        Loading...
      </span>
      <div className="mx-auto grid max-w-5xl grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.05fr)] lg:gap-10">
        <Skeleton className="h-24 w-full rounded-[1.5rem] lg:h-[34rem]" />
        <Skeleton className="h-[26rem] w-full rounded-[1.5rem] lg:h-[34rem]" />
      </div>
    </Container>
  );
}
