import type { DbOrTx } from '../../db/client';
import { contactMessages } from '../../db/schema';

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
