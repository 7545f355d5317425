// SQL of sessions: what other modules (admin, realtime) need to end or check a person's sessions.

import { eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { preparedOnce } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

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

export interface SessionState {
  userId: string;
  expiresAt: Date;
  status: 'active' | 'suspended';
}

/**
 * The sessions among `tokens` that still exist, with their expiry and their account's status; a
 * token signed out (or ended by a suspension) is absent. One query for any number of tokens: the
 * live-update sockets check their sessions with it (apps/server/src/realtime/routes.ts).
 */
export async function sessionStates(
  db: DbOrTx,
  tokens: readonly string[],
): Promise<Map<string, SessionState>> {
  const found = new Map<string, SessionState>();
  if (tokens.length === 0) return found;
  const rows = await db
    .select({
      token: sessions.token,
      userId: sessions.userId,
      expiresAt: sessions.expiresAt,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(inArray(sessions.token, [...tokens]));
  for (const r of rows) {
    found.set(r.token, {
      userId: r.userId,
      expiresAt: r.expiresAt,
      status: r.status === 'suspended' ? 'suspended' : 'active',
    });
  }
  return found;
}

function buildSessionsWithUsers(db: DbOrTx) {
  return db
    .select({
      token: sessions.token,
      expiresAt: sessions.expiresAt,
      id: users.id,
      email: users.email,
      handle: users.handle,
      role: users.role,
      status: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(sql`${sessions.token} = any(${sql.placeholder('tokens')}::text[])`)
    .prepare('auth_sessions_with_users');
}
const sessionsWithUsersStatement = preparedOnce(buildSessionsWithUsers);

export interface SessionWithUser {
  expiresAt: Date;
  id: string;
  email: string;
  handle: string;
  role: string;
  status: string;
}

/**
 * The sessions under `tokens` with their accounts, by token, in one prepared query (the session
 * lookup of session-lookup.ts, which asks for the tokens of the requests that miss together;
 * better-auth's own reads the same two rows). A token with no session is absent.
 */
export async function sessionsWithUsers(
  db: DbOrTx,
  tokens: readonly string[],
): Promise<Map<string, SessionWithUser>> {
  const found = new Map<string, SessionWithUser>();
  if (tokens.length === 0) return found;
  const statement = sessionsWithUsersStatement(db);
  for (const { token, ...row } of await statement.execute({ tokens: [...new Set(tokens)] }))
    found.set(token, row);
  return found;
}
