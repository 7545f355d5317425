import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { EmailSender } from '../../adapters/email/types';
import type { SmsSender } from '../../adapters/sms/types';
import { SessionCache, type SessionUser } from '../../lib/auth-context';
import { profileRoutes } from '../profile';
import { type Auth, createAuth } from './auth';
import { Deliveries } from './deliveries';
import { devMailboxRoutes } from './mailbox-routes';
import { authRoutes, webHeaders } from './routes';
import { cookieValue, createSessionLookup, type SessionLookup, sessionUser } from './session-lookup';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accounts: the better-auth instance, the message senders and the background deliveries. */
    accounts: {
      auth: Auth;
      email: EmailSender;
      sms: SmsSender;
      deliveries: Deliveries;
      /**
       * Resolves `request.user` for a request whose session lookup was put off (built assets and
       * media): the locked store serves media to staff (modules/launch/lock.ts).
       */
      resolveDeferredUser: (request: FastifyRequest) => Promise<void>;
    };
  }
  interface FastifyRequest {
    /** The session cookie was not looked up (assets and media never depend on who asks, usually). */
    sessionDeferred: boolean;
  }
}

/** The session cookie under both names better-auth gives it (the __Secure- one over https). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?rebound\.session_token=([^;]*)/;

/** The session cookie's value in a Cookie header ('' when empty), or null when it has none. */
export function sessionCookie(header: string | undefined): string | null {
  return SESSION_COOKIE.exec(header ?? '')?.[1] ?? null;
}

/** Whether the request carries a session cookie (valid or not). */
export function hasSessionCookie(request: FastifyRequest): boolean {
  return sessionCookie(request.headers.cookie) !== null;
}

/**
 * Accounts: better-auth with our tables, `request.user` from the session cookie on every
 * request, and the auth, profile, staff-guard and development-mailbox routes.
 */
export const authPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db, clock, sender } = app.deps;
    // The outbox sender's adapters (SMTP / Twilio or the development mailbox); account messages
    // are queued in the outbox and sent by it.
    const { email, sms } = sender.channels;
    const deliveries = new Deliveries(app.log, () => sender.run());
    const auth = createAuth({ config, db, clock, sender, deliveries, log: app.log });
    app.decorateRequest('user', null);
    app.decorateRequest('sessionDeferred', false);
    // A valid session needing no renewal in one prepared query; better-auth answers the rest.
    const { authCookies } = await auth.$context;
    const lookup = createSessionLookup(db, config.authSecret, {
      token: authCookies.sessionToken.name,
      data: authCookies.sessionData.name,
      dontRemember: authCookies.dontRememberToken.name,
    });
    const resolveDeferredUser = async (request: FastifyRequest) => {
      if (!request.sessionDeferred) return;
      request.sessionDeferred = false;
      const found = await lookup(request.headers.cookie, Date.now());
      if (found.kind !== 'ask') {
        request.user = found.kind === 'found' ? found.user : null;
        return;
      }
      // Read only: a media answer does not renew the session cookie.
      request.user = (await resolveSession(auth, request)).user;
    };
    app.decorate('accounts', { auth, email, sms, deliveries, resolveDeferredUser });

    // Sessions resolved lately: for reads (SESSION_CACHE_TTL_MS at most) and for the routes that
    // check them again in their own transaction (bids). Decision 065.
    const sessionCache = new SessionCache();
    // The cache's key: the one cookie better-auth reads (its exact name), never another spelling a
    // request may also carry, so a cookie planted beside the real one cannot borrow its session.
    const cacheKey = (request: FastifyRequest) =>
      cookieValue(request.headers.cookie ?? '', authCookies.sessionToken.name) ?? null;
    app.addHook('onRequest', async (request, reply) => {
      const cookie = sessionCookie(request.headers.cookie);
      if (cookie === null) return;
      // Built assets and media do not depend on who asks while the store is open.
      // Spare them the session lookup unless someone needs it (resolveDeferredUser).
      if (request.url.startsWith('/assets/') || request.url.startsWith('/media/')) {
        request.sessionDeferred = true;
        return;
      }
      const routeConfig = request.routeOptions.config;
      const read = request.method === 'GET' || request.method === 'HEAD';
      // Public reads (the same answer for whoever asks) need nobody: put the lookup off like media's
      // (the launch lock resolves it when the store is locked, modules/launch/viewer.ts).
      if (read && routeConfig?.publicRead) {
        request.sessionDeferred = true;
        return;
      }
      const now = clock.now().getTime();
      const account = request.url.startsWith('/api/auth/');
      const key = cacheKey(request);
      // No cookie under the name better-auth reads: nobody (its own routes still go to it).
      if (key === null && !account) return;
      // Reads (not the account's own routes) and the routes that opt in take the session from this
      // server's cache; a staff member's reads are always checked afresh (a role taken away applies
      // at once). Writes are checked afresh unless their route checks the session again itself.
      if (routeConfig?.sessionFromCache || (read && !account)) {
        const cached = key === null ? null : sessionCache.get(key, now);
        if (cached && (routeConfig?.sessionFromCache || cached.role !== 'staff')) {
          request.user = cached;
          return;
        }
      }
      // Signing out (or in, or anything of the account's own) forgets what this server cached.
      if (account) {
        if (key !== null) sessionCache.delete(key);
      } else {
        // Wall-clock time, as better-auth judges expiry and renewal (never the store's test clock).
        const found: SessionLookup = await lookup(request.headers.cookie, Date.now());
        if (found.kind === 'none') return;
        if (found.kind === 'found') {
          request.user = found.user;
          if (key !== null) sessionCache.set(key, found.user, now, found.expiresAt);
          return;
        }
      }
      const { user, setCookies, expiresAt } = await resolveSession(auth, request);
      request.user = user;
      // Not from the account's own routes: a sign-out resolves the session it is about to end.
      if (user && expiresAt && !account && key !== null) sessionCache.set(key, user, now, expiresAt);
      // A session used after a day is extended; the cookie follows.
      for (const cookie of setCookies) reply.header('set-cookie', cookie);
    });
    // And once the account's request is done (a read that ran alongside the sign-out may have kept
    // the session meanwhile).
    app.addHook('onResponse', async (request) => {
      if (!request.url.startsWith('/api/auth/')) return;
      const key = cacheKey(request);
      if (key !== null) sessionCache.delete(key);
    });
    app.addHook('onClose', async () => {
      await deliveries.settle();
    });

    await app.register(authRoutes);
    await app.register(profileRoutes);
    if (config.devMailbox) await app.register(devMailboxRoutes);
  },
  { name: 'rebound-auth' },
);

async function resolveSession(
  auth: Auth,
  request: FastifyRequest,
): Promise<{ user: SessionUser | null; setCookies: string[]; expiresAt?: number }> {
  const { headers, response } = await auth.api.getSession({
    headers: webHeaders(request),
    returnHeaders: true,
  });
  const setCookies = headers.getSetCookie();
  if (!response) return { user: null, setCookies };
  const u = response.user as typeof response.user & { handle: string; role: string; status: string };
  return {
    user: sessionUser(u, response.session.token),
    setCookies,
    expiresAt: new Date(response.session.expiresAt).getTime(),
  };
}
