import type { users } from '../db/schema';
import type { SessionUser } from '../lib/auth-context';

export function asSession(u: typeof users.$inferSelect): SessionUser {
  return { id: u.id, email: u.email, handle: u.handle, role: u.role, status: u.status };
}
