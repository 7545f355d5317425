import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { sessions } from '../../db/schema';

/**
 * Signs a person out everywhere at once: every session row of theirs goes (better-auth reads the
 * session from the database on each request, with no cookie cache, so the next request of any of
 * their browsers is signed out). Call it inside the transaction that suspends them. Returns how
 * many sessions ended.
 */
export async function endAllSessions(tx: DbOrTx, userId: string): Promise<number> {
  const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  return rows.length;
}
