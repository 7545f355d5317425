import { useEffect, useRef } from 'react';
import { restartRealtime } from '../lib/realtime';
import { useSession } from '../lib/session';

/**
 * Reopens the tab's socket when who is signed in changes (sign-in, sign-out, a session ended
 * elsewhere): the server picks the shopper's own room from the session cookie when the socket opens.
 */
export function useRealtimeSession(): void {
  const { user, isPending } = useSession();
  const userId = user?.id ?? null;
  // undefined until the session is first known: a socket opened during page load already sent the cookie.
  const previousUser = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (isPending) return;
    if (previousUser.current !== undefined && previousUser.current !== userId) restartRealtime();
    previousUser.current = userId;
  }, [userId, isPending]);
}
