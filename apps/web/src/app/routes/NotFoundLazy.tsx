import { lazy, Suspense } from 'react';

// The 404 page, in its own chunk: no shop page's first load needs it. Until it arrives, nothing (the
// page's place is a screen tall, RootLayout): a navigation keeps the old page meanwhile.
const NotFoundPage = lazy(async () => ({ default: (await import('./NotFoundRoute')).NotFoundRoute }));

export function NotFoundRoute() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
