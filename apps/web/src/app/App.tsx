import { AppRouter } from './browser-router';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { ScrollManager } from './scroll-manager';

export function App() {
  return (
    <Providers>
      <AppRouter>
        <AppRoutes />
        <ScrollManager />
      </AppRouter>
    </Providers>
  );
}
