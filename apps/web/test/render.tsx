// Test support for the web app's component tests (outside src: nothing here ships). Components render
// as in the app (real query cache, router and toasts); only the network is faked, at fetch.
import type { AuthUser } from '@rebound/contract/auth';
import { QueryClient } from '@tanstack/react-query';
import { cleanup, configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, vi } from 'vitest';
import { Providers } from '../src/app/providers';
import { sessionQuery } from '../src/lib/session';

// How long findBy*/waitFor wait for the page to settle (the library's default is 1 s). A page's first
// render on a loaded two-core machine can take longer; this bounds a wait, it asserts no speed.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** One request the fake server saw. */
export type SeenRequest = { method: string; path: string; body: unknown; headers: Record<string, string> };

/** An answer: a JSON body (200), or a status with a body (`answer`). */
export type Answer = object;
type Handler = (request: SeenRequest) => Answer | Promise<Answer>;

/** A non-200 answer (an error body, usually). */
class StatusAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {}
}

export function answer(status: number, body: unknown): StatusAnswer {
  return new StatusAnswer(status, body);
}

/**
 * Replaces fetch with a fake server: `routes` maps 'METHOD /path' (query string ignored) to an answer
 * or a function of the request. An unknown route fails the test loudly (404 with a message).
 */
export function fakeServer(routes: Record<string, Handler | Answer>) {
  const seen: SeenRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://rebound.test');
    const method = (init.method ?? 'GET').toUpperCase();
    const request: SeenRequest = {
      method,
      path: url.pathname + url.search,
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      headers: { ...(init.headers as Record<string, string> | undefined) },
    };
    seen.push(request);
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) {
      return new Response(
        JSON.stringify({ error: { code: 'not_found', message: `no fake for ${method} ${url.pathname}` } }),
        {
          status: 404,
        },
      );
    }
    const result = typeof route === 'function' ? await (route as Handler)(request) : route;
    const { status, body } = result instanceof StatusAnswer ? result : { status: 200, body: result };
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    seen,
    calls: (method: string, path: string) =>
      seen.filter((r) => r.method === method && r.path.split('?')[0] === path),
  };
}

/** A signed-in shopper as the session answer carries one. */
export function shopper(overrides: Partial<AuthUser> = {}): AuthUser {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    email: 'pat@example.test',
    handle: 'pat',
    role: 'shopper',
    status: 'active',
    ...overrides,
  };
}

/**
 * Renders `ui` at `path` inside the app's providers (query cache without retries, toasts) and a
 * memory router; `user` is the signed-in session (null: signed out). Returns Testing Library's
 * queries, a user-event session and the router (to read where a page went).
 */
export function renderPage(
  ui: ReactNode,
  {
    user = shopper(),
    path = '/',
    routePath = '*',
  }: { user?: AuthUser | null; path?: string; routePath?: string } = {},
) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  client.setQueryData(sessionQuery.queryKey, { user });
  const router = createMemoryRouter(
    [
      { path: routePath, element: ui },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: [path] },
  );
  const view = render(
    <Providers client={client}>
      <RouterProvider router={router} />
    </Providers>,
  );
  return { ...view, user: userEvent.setup(), router, client };
}

/**
 * sonner's own error and dismiss calls, watched (a toast expires by itself, so the calls are what a
 * test can see): `errorIds` are the ids the error toasts were shown under (undefined for one with no
 * id), `closed(id)` whether that id was dismissed. `stop()` puts sonner back.
 */
export async function watchErrorToasts() {
  const { toast: sonnerToast } = await import('sonner');
  const shown = vi.spyOn(sonnerToast, 'error');
  const dismissed = vi.spyOn(sonnerToast, 'dismiss');
  return {
    errorIds: () => shown.mock.calls.map((call) => (call[1] as { id?: string | number } | undefined)?.id),
    closed: (id: string | number | undefined) => dismissed.mock.calls.some((call) => call[0] === id),
    stop() {
      shown.mockRestore();
      dismissed.mockRestore();
    },
  };
}
