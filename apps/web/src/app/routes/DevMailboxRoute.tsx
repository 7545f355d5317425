import { lazy, Suspense } from 'react';
import { Container } from '../../components/ui/Container';
import { Skeleton } from '../../components/ui/Skeleton';
import { useDevMessages } from '../../features/dev-mailbox/api';
import { isNotFound } from '../../lib/api-client';
import { NotFoundRoute } from './NotFoundLazy';

// A development tool: its code loads only when the page is opened.
const MailboxPage = lazy(() => import('../../features/dev-mailbox/components/MailboxPage'));

/** /dev/mailbox: only where the server has the mailbox (never in production, where it answers 404). */
export function DevMailboxRoute() {
  const query = useDevMessages();
  if (query.isError && isNotFound(query.error)) return <NotFoundRoute />;
  // Nothing about a mailbox shows until the server has said it has one.
  const skeleton = (
    <Container className="max-w-3xl py-8 sm:py-12" aria-busy="true">
      <Skeleton className="h-9 w-48" />
      <Skeleton className="mt-8 h-36 w-full rounded-card" />
    </Container>
  );
  if (query.isPending) return skeleton;
  return (
    <Suspense fallback={skeleton}>
      <MailboxPage query={query} />
    </Suspense>
  );
}
