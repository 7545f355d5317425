import { RotateCw } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { useDocumentTitle } from '../../lib/use-document-title';

/** Shown when a page throws while rendering, or its code fails to load (e.g. after a deploy). */
export function RouteError() {
  useDocumentTitle('Something went wrong');
  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <h1 className="text-3xl font-bold tracking-tight text-ink-950">Something went wrong</h1>
      <p className="mt-3 max-w-md text-ink-700">
        This page could not be shown. Reloading usually fixes it; if not, please try again in a moment.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <Button size="lg" onClick={() => window.location.reload()}>
          <RotateCw aria-hidden="true" />
          Reload page
        </Button>
        <Link
          to="/"
          className="inline-flex h-12 items-center px-4 font-semibold text-brand-700 hover:underline"
        >
          Go to the home page
        </Link>
      </div>
    </Container>
  );
}
