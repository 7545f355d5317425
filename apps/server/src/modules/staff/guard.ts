import type { FastifyInstance, FastifyRequest, onRequestHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import type { SessionUser } from '../../lib/auth-context';
import { AppError } from '../../lib/errors';

/** Every path under this prefix is the back-office: staff only, whoever registers the route. */
export const ADMIN_PREFIX = '/api/admin';

/**
 * The back-office door: visitors 401 'Authentication required', shoppers 403, suspended staff 403.
 * Returns the staff member for handlers that want it.
 */
export function requireActiveStaff(request: FastifyRequest): SessionUser {
  const user = request.user;
  if (!user) throw new AppError('auth_required');
  if (user.role !== 'staff') throw new AppError('forbidden');
  if (user.status !== 'active') throw new AppError('staff_suspended');
  return user;
}

/** The same check as an onRequest hook; the guard plugin puts it first on every admin route. */
export const staffOnly: onRequestHookHandler = async function staffOnly(request) {
  requireActiveStaff(request);
};

export function isAdminUrl(url: string): boolean {
  return url === ADMIN_PREFIX || url.startsWith(`${ADMIN_PREFIX}/`);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered after the guard (method and path), for the guard's own tests. */
    routeTable: { method: string; url: string }[];
  }
}

/**
 * Registered in app.ts before any routes: an onRoute hook that puts `staffOnly` first in the
 * onRequest hooks of every route whose path starts with /api/admin, in whatever module and plugin it
 * is declared. A new admin route cannot forget the guard (docs/decisions/022).
 */
export const adminGuardPlugin = fp(
  async (app: FastifyInstance) => {
    const table: { method: string; url: string }[] = [];
    app.decorate('routeTable', table);
    app.addHook('onRoute', (route: RouteOptions) => {
      const methods = Array.isArray(route.method) ? route.method : [route.method];
      for (const method of methods) table.push({ method: String(method), url: route.url });
      if (!isAdminUrl(route.url)) return;
      const existing = route.onRequest
        ? Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest]
        : [];
      route.onRequest = [staffOnly, ...existing.filter((h) => h !== staffOnly)];
    });
  },
  { name: 'rebound-admin-guard' },
);
