import type { AuthUser, SessionResponse, SignOutResponse } from '@rebound/contract/auth';
import { API } from '@rebound/contract/routes';
import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError, errorMessageOf, getJson, sendJson } from './api-client';
import { forgetUserData } from './query-scope';
import { toast } from './toast';

type Session = z.infer<typeof SessionResponse>;

/** Who the session cookie belongs to; `user` is null when signed out. */
export const sessionQuery = queryOptions({
  queryKey: ['session'] as const,
  queryFn: ({ signal }) => getJson<Session>(API.authSession, signal),
  // Checked again when the tab regains focus (a sign-out elsewhere ends every session).
  staleTime: 60_000,
});

export function useSession() {
  const query = useQuery(sessionQuery);
  return { ...query, user: query.data?.user ?? null };
}

/** After a sign-in: record the new user at once and forget whatever the previous one had cached. */
export function useSetSignedInUser(): (user: AuthUser) => void {
  const queryClient = useQueryClient();
  return useCallback(
    (user: AuthUser) => {
      forgetUserData(queryClient);
      queryClient.setQueryData(sessionQuery.queryKey, { user });
    },
    [queryClient],
  );
}

/**
 * Asks the server again who is signed in, when something says the session may have ended (a 401 from
 * any call while signed in, or AccountChangedV1 on the user's room: app/providers.tsx,
 * app/use-realtime-session.ts). When it has, the header shows signed out and the user's cached
 * answers are dropped.
 */
export async function recheckSession(queryClient: QueryClient): Promise<void> {
  const before = queryClient.getQueryData<Session>(sessionQuery.queryKey)?.user ?? null;
  await queryClient.refetchQueries({ queryKey: sessionQuery.queryKey, exact: true });
  const after = queryClient.getQueryData<Session>(sessionQuery.queryKey)?.user ?? null;
  if (before && after?.id !== before.id) forgetUserData(queryClient);
}

/** Whether an error says the request was made without a live session (it ended elsewhere). */
export function isSignedOutError(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Asks the server again who is signed in (e.g. after a password reset ended every session). */
export function useRefreshSession(): () => void {
  const queryClient = useQueryClient();
  return useCallback(() => {
    forgetUserData(queryClient);
    void queryClient.invalidateQueries({ queryKey: sessionQuery.queryKey });
  }, [queryClient]);
}

/** Signing out's error toast: closed once a later sign-out works. */
const SIGN_OUT_ACTION = 'sign-out';

/** Signs out everywhere (the server ends every session of the user), then goes home. */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => sendJson<z.infer<typeof SignOutResponse>>('POST', API.authSignOut),
    onSuccess: async (answer) => {
      // The server's answer is the catalogue's text: 'Logged out successfully'.
      toast.succeeded(SIGN_OUT_ACTION);
      toast.success(answer.title);
      // Leave first, rendered at once (not in a transition): a signed-in-only page still on screen
      // when the session ends would send the shopper to /auth instead.
      await navigate('/', { flushSync: true });
      forgetUserData(queryClient);
      queryClient.setQueryData(sessionQuery.queryKey, { user: null });
    },
    onError: (error) => {
      // The texts module carries the zod schemas too: loaded on this rare path only, so that the
      // header (on every page) does not bring zod into the first bundle.
      void import('@rebound/contract/auth').then(({ AUTH_TEXT }) =>
        toast.failed(SIGN_OUT_ACTION, AUTH_TEXT.signOutErrorTitle, { description: errorMessageOf(error) }),
      );
    },
  });
}
