import { ArrowLeft, Compass } from 'lucide-react';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { ButtonLink } from '../../components/ui/Button';
import { Container } from '../../components/ui/Container';
import { useDocumentTitle } from '../../lib/use-document-title';

export function NotFoundRoute() {
  const location = useLocation();
  // A page that sent us here (an unknown product) passes the address the shopper asked for.
  const state = location.state as { from?: unknown } | null;
  const requested = typeof state?.from === 'string' ? state.from : location.pathname;
  useDocumentTitle('Page not found');

  useEffect(() => {
    console.warn(`404: no page at ${requested}`);
  }, [requested]);

  return (
    <Container className="flex flex-col items-center py-20 text-center sm:py-28">
      <span className="flex size-16 items-center justify-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Compass className="size-8" aria-hidden="true" />
      </span>
      <p className="mt-6 text-sm font-semibold tracking-widest text-brand-700 uppercase">Error 404</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight text-ink-950 sm:text-4xl">
        Oops! Page not found
      </h1>
      <p className="mt-4 max-w-md text-ink-700">
        The page you're looking for doesn't exist or has moved. The good stuff is still on the home page.
      </p>
      <div className="mt-8 flex flex-col gap-3 sm:flex-row">
        <ButtonLink to="/" size="lg">
          <ArrowLeft aria-hidden="true" />
          Return to Home
        </ButtonLink>
        <ButtonLink to="/shop" variant="secondary" size="lg">
          Browse auctions
        </ButtonLink>
      </div>
    </Container>
  );
}
