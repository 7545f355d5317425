// Realtime room names, built once: the server publishes to them and sockets join them.

/** Everyone watching one auction. */
export function auctionRoom(auctionId: string): string {
  return `auction:${auctionId}`;
}

/** One signed-in user's own events (standing, outbid, watchlist). */
export function userRoom(userId: string): string {
  return `user:${userId}`;
}

/** Everyone looking at one pickup location's slots (the pickup page). */
export function locationRoom(locationId: string): string {
  return `location:${locationId}`;
}
