import { lazy, Suspense } from 'react';
import { type RouteObject, useRoutes } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { HomePage } from './pages';
import { ErrorBoundary } from './route-error-boundary';
import { AccountRoute } from './routes/AccountRoute';
import { AuthRoute } from './routes/AuthRoute';
import { catalogRoutes } from './routes/catalog-routes';
import { checkoutRoutes } from './routes/checkout-routes';
import { DevMailboxRoute } from './routes/DevMailboxRoute';
import { NotFoundRoute } from './routes/NotFoundLazy';
import { NotificationsRoute } from './routes/NotificationsRoute';
import { OfferRoute } from './routes/OfferRoute';
import { PickupScheduleRoute } from './routes/PickupScheduleRoute';
import { ProductRoute } from './routes/ProductRoute';
import { ResetPasswordRoute } from './routes/ResetPasswordRoute';
import { staticRoutes } from './routes/static-routes';

// The staff back-office: its own layout and chunks, loaded only when /admin is opened.
// Opened directly: nothing to show until its code arrives (the shell draws its own skeleton).
const AdminApp = lazy(() => import('./admin/AdminApp'));
// The unsubscribe link of new-drops and marketing emails (no sign-in; loads on demand).
const UnsubscribePage = lazy(() => import('../features/unsubscribe/components/UnsubscribePage'));

const routes: RouteObject[] = [
  {
    path: '/admin/*',
    element: (
      <ErrorBoundary>
        <Suspense fallback={null}>
          <AdminApp />
        </Suspense>
      </ErrorBoundary>
    ),
  },
  {
    // RootLayout puts each page inside an error boundary of its own (the header and footer stay).
    path: '/',
    element: (
      <ErrorBoundary>
        <RootLayout />
      </ErrorBoundary>
    ),
    children: [
      {
        index: true,
        element: (
          // Its own chunk (app/pages.ts), so the shop, drops and product pages do not carry its
          // shelves and tiles. Until it is there, nothing: the page's place is a screen tall
          // (RootLayout) and nothing below it is in view, so nothing moves when it arrives.
          <Suspense fallback={null}>
            <HomePage />
          </Suspense>
        ),
      },
      { path: 'product/:slug', element: <ProductRoute /> },
      { path: 'auth', element: <AuthRoute /> },
      { path: 'auth/reset-password', element: <ResetPasswordRoute /> },
      { path: 'account', element: <AccountRoute /> },
      { path: 'notifications', element: <NotificationsRoute /> },
      { path: 'pickup-schedule/:orderId', element: <PickupScheduleRoute /> },
      { path: 'offers/:id', element: <OfferRoute /> },
      { path: 'dev/mailbox', element: <DevMailboxRoute /> },
      {
        path: 'unsubscribe',
        element: (
          <Suspense fallback={null}>
            <UnsubscribePage />
          </Suspense>
        ),
      },
      ...catalogRoutes,
      ...checkoutRoutes,
      ...staticRoutes,
      { path: '404', element: <NotFoundRoute /> },
      { path: '*', element: <NotFoundRoute /> },
    ],
  },
];

/** The app's pages (rendered inside AppRouter, browser-router.tsx). */
export function AppRoutes() {
  return useRoutes(routes);
}
