import { lazy, Suspense } from 'react';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { RouteErrorBoundary } from '../route-error-boundary';
import { useRealtimeSession } from '../use-realtime-session';
import { LockedBanner } from './LockedBanner';
import { SiteFooter } from './SiteFooter';
import { SiteHeader } from './SiteHeader';

// Only a suspended shopper sees it: not in every visitor's first script (e2e/tests/budget.spec.ts).
const SuspendedBanner = lazy(() => import('./SuspendedBanner').then((m) => ({ default: m.SuspendedBanner })));

export function RootLayout() {
  useRealtimeSession();
  const { user } = useSession();
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-lg bg-white px-4 py-2 font-semibold text-brand-800 shadow-lift focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <LockedBanner />
      {user?.status === 'suspended' ? (
        <Suspense fallback={null}>
          <SuspendedBanner />
        </Suspense>
      ) : null}
      <SiteHeader />
      {/* At least a screen tall: the footer starts below the first screen, so it cannot be seen
          jumping down when a page's code or data arrives (it did: layout shift 0.62 on phones). */}
      <main id="main" tabIndex={-1} className="min-h-svh flex-1 pb-20 focus:outline-none sm:pb-24">
        <RouteErrorBoundary>
          <Outlet />
        </RouteErrorBoundary>
      </main>
      <SiteFooter />
    </div>
  );
}
