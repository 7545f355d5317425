import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../src/db/client';
import { maxBids, type users } from '../src/db/schema';
import type { SessionUser } from '../src/lib/auth-context';

export function asSession(u: typeof users.$inferSelect): SessionUser {
  return { id: u.id, email: u.email, handle: u.handle, role: u.role, status: u.status };
}

/** The bidder's stored maximum on the auction in cents, or null when they have none. */
export async function maxBidOf(db: DbOrTx, auctionId: string, userId: string): Promise<number | null> {
  const [row] = await db
    .select({ cents: maxBids.maxAmountCents })
    .from(maxBids)
    .where(and(eq(maxBids.auctionId, auctionId), eq(maxBids.userId, userId)));
  return row?.cents ?? null;
}
