import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { ApiError } from '../lib/api-client';
import { showFlashToast } from '../lib/flash-toast';
import { isSignedOutError, recheckSession, sessionQuery } from '../lib/session';
import { useToasterWanted } from '../lib/toast';

// sonner's Toaster, loaded with the first toast (lib/toast.ts): not in the first bundle.
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

function LazyToaster() {
  if (!useToasterWanted()) return null;
  return (
    <Suspense fallback={null}>
      {/* Toasts are sonner's defaults: 3 visible, 4 seconds each. */}
      <Toaster visibleToasts={3} duration={4000} position="bottom-right" richColors closeButton />
    </Suspense>
  );
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A 4xx answer (unknown product, bad filter) will not change on retry.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: shouldRetry },
    },
  });
}

/**
 * A 401 from any call while the page thinks someone is signed in means the session ended elsewhere
 * (a suspension, a sign-out on another device): ask who is signed in, so the header shows it.
 */
function useSessionEndedCheck(queryClient: QueryClient): void {
  useEffect(() => {
    const check = (error: unknown) => {
      if (!isSignedOutError(error)) return;
      if (!queryClient.getQueryData(sessionQuery.queryKey)?.user) return;
      void recheckSession(queryClient);
    };
    const stopQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    const stopMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error') check(event.action.error);
    });
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
}

/** The app's providers; `client` is the query cache main.tsx warmed before the first render (app/boot.ts). */
export function Providers({ children, client }: { children: ReactNode; client?: QueryClient }) {
  const [queryClient] = useState(() => client ?? createQueryClient());
  // A toast left by the page before a full reload (phone sign-in) shows once the Toaster is up.
  useEffect(showFlashToast, []);
  useSessionEndedCheck(queryClient);
  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <LazyToaster />
    </QueryClientProvider>
  );
}
