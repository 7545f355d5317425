import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { onRealtimeSessionEnded, restartRealtime, useRealtimeEvents } from '../lib/realtime';
import { recheckSession, useSession } from '../lib/session';

/**
 * Reopens the tab's socket when who is signed in changes (sign-in, sign-out, a session ended
 * elsewhere): the server picks the shopper's own room from the session cookie when the socket opens.
 * And asks who is signed in again when the server says the account changed (AccountChangedV1: a
 * suspension or a restore) or closes the socket because its session ended (a suspension, a sign-out
 * elsewhere), so the header, the banner and the bid form follow at once.
 */
export function useRealtimeSession(): void {
  const { user, isPending } = useSession();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  // undefined until the session is first known: a socket opened during page load already sent the cookie.
  const previousUser = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (isPending) return;
    if (previousUser.current !== undefined && previousUser.current !== userId) restartRealtime();
    previousUser.current = userId;
  }, [userId, isPending]);

  const onEvent = useCallback(
    (event: { type: string }) => {
      if (event.type === 'AccountChangedV1') void recheckSession(queryClient);
    },
    [queryClient],
  );
  useRealtimeEvents(onEvent, undefined, userId !== null);
  useEffect(() => onRealtimeSessionEnded(() => void recheckSession(queryClient)), [queryClient]);
}
