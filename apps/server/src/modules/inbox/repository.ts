import type { DbOrTx } from '../../db/client';
import { contactMessages, launchSignups } from '../../db/schema';

export async function insertContactMessage(
  db: DbOrTx,
  v: { name: string; email: string; message: string; userId: string | null; now: Date },
): Promise<string> {
  const [row] = await db
    .insert(contactMessages)
    .values({ name: v.name, email: v.email, message: v.message, userId: v.userId, createdAt: v.now })
    .returning({ id: contactMessages.id });
  return row!.id;
}

/**
 * Puts an address on the list as a pending (unconfirmed) signup. An address already there keeps its
 * row, status and first source: signing up twice changes nothing.
 */
export async function saveListSignup(db: DbOrTx, v: { email: string; source: string; now: Date }) {
  await db
    .insert(launchSignups)
    .values({ email: v.email, source: v.source, createdAt: v.now, updatedAt: v.now })
    .onConflictDoNothing();
}
