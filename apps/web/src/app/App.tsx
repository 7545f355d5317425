// react-router/dom's provider can render a navigation at once (flushSync), which sign-out needs.
import { RouterProvider } from 'react-router/dom';
import { Providers } from './providers';
import { router } from './router';

export function App() {
  return (
    <Providers>
      <RouterProvider router={router} />
    </Providers>
  );
}
