import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { AccountRoute } from './routes/AccountRoute';
import { AuthRoute } from './routes/AuthRoute';
import { catalogRoutes } from './routes/catalog-routes';
import { checkoutRoutes } from './routes/checkout-routes';
import { DevMailboxRoute } from './routes/DevMailboxRoute';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { NotificationsRoute } from './routes/NotificationsRoute';
import { OfferRoute } from './routes/OfferRoute';
import { PickupScheduleRoute } from './routes/PickupScheduleRoute';
import { ProductRoute } from './routes/ProductRoute';
import { ResetPasswordRoute } from './routes/ResetPasswordRoute';
import { RouteError } from './routes/RouteError';
import { staticRoutes } from './routes/static-routes';

export const router = createBrowserRouter([
  {
    // The staff back-office (issue 13): its own layout and chunks, loaded only when /admin is opened.
    path: '/admin/*',
    ErrorBoundary: RouteError,
    lazy: async () => ({ Component: (await import('./admin/AdminApp')).default }),
    // Opened directly: nothing to show until its code arrives (the shell draws its own skeleton).
    HydrateFallback: () => null,
  },
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    children: [
      {
        // Errors inside a page keep the header and footer around them.
        ErrorBoundary: RouteError,
        children: [
          { index: true, Component: HomeRoute },
          { path: 'product/:slug', Component: ProductRoute },
          { path: 'auth', Component: AuthRoute },
          { path: 'auth/reset-password', Component: ResetPasswordRoute },
          { path: 'account', Component: AccountRoute },
          { path: 'notifications', Component: NotificationsRoute },
          { path: 'pickup-schedule/:orderId', Component: PickupScheduleRoute },
          { path: 'offers/:id', Component: OfferRoute },
          { path: 'dev/mailbox', Component: DevMailboxRoute },
          {
            // The unsubscribe link of new-drops and marketing emails (no sign-in; loads on demand).
            path: 'unsubscribe',
            lazy: async () => ({
              Component: (await import('../features/unsubscribe/components/UnsubscribePage')).default,
            }),
          },
          ...catalogRoutes,
          ...checkoutRoutes,
          ...staticRoutes,
          { path: '404', Component: NotFoundRoute },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]);
