import { lazy, Suspense } from 'react';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { useRefreshSession } from '../../lib/session';

const ResetPasswordPage = lazy(() => import('../../features/auth/components/ResetPasswordPage'));

/** /auth/reset-password: where the emailed reset link lands. */
export function ResetPasswordRoute() {
  const refreshSession = useRefreshSession();
  return (
    <Suspense
      fallback={
        <Container className="py-8 sm:py-14">
          <Skeleton className="mx-auto h-96 max-w-md rounded-[1.5rem]" />
        </Container>
      }
    >
      <ResetPasswordPage onPasswordChanged={refreshSession} />
    </Suspense>
  );
}
