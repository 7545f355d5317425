import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/RootLayout';
import { HomeRoute } from './routes/HomeRoute';
import { NotFoundRoute } from './routes/NotFoundRoute';
import { ProductRoute } from './routes/ProductRoute';
import { RouteError } from './routes/RouteError';

export const router = createBrowserRouter([
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
          { path: '404', Component: NotFoundRoute },
          { path: '*', Component: NotFoundRoute },
        ],
      },
    ],
  },
]);
