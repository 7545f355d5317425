import type { QueryClient } from '@tanstack/react-query';
import { AppRouter } from './browser-router';
import { Providers } from './providers';
import { AppRoutes } from './router';
import { ScrollManager } from './scroll-manager';

export function App({ queryClient }: { queryClient?: QueryClient }) {
  return (
    <Providers client={queryClient}>
      <AppRouter>
        <AppRoutes />
        <ScrollManager />
      </AppRouter>
    </Providers>
  );
}
