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
