// The watchlist's user-facing texts. No zod here: the web app imports this on every page.
export const WATCH_SIGNED_OUT_TITLE = 'Must be logged in to manage watchlist';
export const WATCH_SIGNED_OUT_MESSAGE = 'Please log in to manage watchlist';
export const WATCH_ADDED = 'Added to watchlist';
export const WATCH_REMOVED = 'Removed from watchlist';
/** Toast when a change fails: 'Failed to update watchlist: {message}'. */
export function watchFailedMessage(message: string): string {
  return `Failed to update watchlist: ${message}`;
}
