import type { QueryClient } from '@tanstack/react-query';

/**
 * Every query that belongs to the signed-in user (profile, bids, cart, notifications...) has a key
 * starting with this word, so that signing in or out can drop them all without knowing each feature.
 */
export const USER_SCOPE = 'me';

/** Drops every cached answer that belonged to the previous user. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ queryKey: [USER_SCOPE] });
}
