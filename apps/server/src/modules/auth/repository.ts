import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { devMessages, users } from '../../db/schema';

// SQL for the auth module. Emails and handles are compared case-insensitively, matching the
// lower() unique indexes.

export async function userIdByEmail(db: DbOrTx, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  return row?.id ?? null;
}

export async function userIdByHandle(db: DbOrTx, handle: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.handle}) = lower(${handle})`)
    .limit(1);
  return row?.id ?? null;
}

export async function userIdByPhone(db: DbOrTx, phone: string): Promise<string | null> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.phoneNumber, phone)).limit(1);
  return row?.id ?? null;
}

export async function sessionUserById(db: DbOrTx, id: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      handle: users.handle,
      role: users.role,
      status: users.status,
    })
    .from(users)
    .where(eq(users.id, id))
    .limit(1);
  return row ?? null;
}

export async function listDevMessages(
  db: DbOrTx,
  opts: { recipient?: string | undefined; channel?: 'email' | 'sms' | 'push' | undefined; limit: number },
) {
  const where = [
    opts.recipient ? sql`lower(${devMessages.recipient}) = lower(${opts.recipient})` : undefined,
    opts.channel ? eq(devMessages.channel, opts.channel) : undefined,
  ].filter((w) => w !== undefined);
  return db
    .select()
    .from(devMessages)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(sql`${devMessages.createdAt} desc, ${devMessages.id} desc`)
    .limit(opts.limit);
}
