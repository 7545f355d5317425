import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessageOf, isNotFound } from '../../lib/api-client';
import { Skeleton } from '../ui/Skeleton';
import { ErrorState } from '../ui/StatusMessage';

/** 'All orders', 'All people'...: the way back to a detail page's list. */
export function AdminBackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link
      to={to}
      className="mb-4 inline-flex items-center gap-1 text-sm font-medium text-brand-800 hover:underline"
    >
      <ArrowLeft className="size-4" aria-hidden="true" />
      {children}
    </Link>
  );
}

/** What the frame needs of a TanStack Query result. */
export interface DetailQuery<T> {
  data: T | undefined;
  isPending: boolean;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

/**
 * The frame of every back-office detail page (one order, one person, one message): the back link,
 * then the page (its AdminPageHeader with title and status, and its sections) once loaded; a
 * skeleton while loading; the error, with the way back, when it could not be.
 */
export function AdminDetailFrame<T>({
  query,
  back,
  what,
  notFound,
  children,
}: {
  query: DetailQuery<T>;
  back: { to: string; label: string };
  /** 'order', 'person'...: said while loading and in the error's title. */
  what: string;
  /** Said instead of the error when the server answers 404 (no retry: it will not appear). */
  notFound?: { title: string; message: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending) {
    return (
      <div aria-busy="true">
        <span className="sr-only" role="status">
          Loading the {what}…
        </span>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="mt-6 h-48 w-full rounded-card" />
      </div>
    );
  }
  const backLink = <AdminBackLink to={back.to}>{back.label}</AdminBackLink>;
  if (query.isError || query.data === undefined) {
    const missing = notFound && isNotFound(query.error);
    return (
      <>
        {backLink}
        {missing ? (
          <ErrorState title={notFound.title} message={notFound.message} />
        ) : (
          <ErrorState
            title={`This ${what} could not be loaded`}
            message={errorMessageOf(query.error)}
            onRetry={() => void query.refetch()}
          />
        )}
      </>
    );
  }
  return (
    <>
      {backLink}
      {children(query.data)}
    </>
  );
}
