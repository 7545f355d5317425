import type { FastifyRequest } from 'fastify';
import { AppError } from './errors';

/** Who is asking: set on every request by the auth plugin from the session cookie (or null). */
export interface SessionUser {
  id: string;
  email: string;
  handle: string;
  role: 'shopper' | 'staff';
  status: 'active' | 'suspended';
  /**
   * The token of the session the request came with (set by the auth plugin): a bid checks under
   * its lock that this session still exists, since the session itself may come from a cache.
   */
  sessionToken?: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
  }
}

/** The signed-in user, or 401 with the given catalogue code. */
export function requireUser(
  request: FastifyRequest,
  code: 'not_authenticated' | 'auth_required' | 'watch_not_authenticated' = 'auth_required',
): SessionUser {
  if (!request.user) throw new AppError(code);
  return request.user;
}

export function requireStaff(request: FastifyRequest): SessionUser {
  const user = requireUser(request);
  if (user.role !== 'staff') throw new AppError('forbidden');
  return user;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route may take `request.user` from the short-lived in-process session cache instead of
     * looking the session up (a query and an HMAC check, modules/auth/session-lookup.ts). Only for routes that check
     * the session and the account's status again inside their own transaction (a bid does, under the
     * auction lock), so a session ended or an account suspended a moment ago still cannot act.
     */
    sessionFromCache?: boolean;
    /**
     * A GET whose answer is the same for whoever asks (the public catalogue): the session cookie is
     * not looked up (`request.sessionDeferred`, as for media), so `request.user` stays null unless
     * something resolves it (the launch lock does while the store is locked). Decision 065.
     */
    publicRead?: boolean;
  }
}

/**
 * How long a resolved session may serve reads and the routes that opt in (sessionFromCache): a
 * session ended on another server still reads for this long here (decision 065).
 */
export const SESSION_CACHE_TTL_MS = 30_000;
const SESSION_CACHE_MAX = 50_000;

/**
 * Session cookie value → the user it resolved to, for SESSION_CACHE_TTL_MS of the given clock and
 * never past the session's own expiry. The oldest entries go first past SESSION_CACHE_MAX.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly max = SESSION_CACHE_MAX,
  ) {}

  get(cookie: string, now: number): SessionUser | null {
    const e = this.entries.get(cookie);
    if (!e) return null;
    if (e.until <= now) {
      this.entries.delete(cookie);
      return null;
    }
    return e.user;
  }

  set(cookie: string, user: SessionUser, now: number, sessionExpiresAt: number) {
    this.entries.delete(cookie);
    if (this.entries.size >= this.max) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(cookie, { user, until: Math.min(now + this.ttlMs, sessionExpiresAt) });
  }

  delete(cookie: string) {
    this.entries.delete(cookie);
  }

  get size() {
    return this.entries.size;
  }
}
