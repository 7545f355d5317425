import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { errorMessage } from '@rebound/contract/errors';
import { LAUNCH_PAGES } from '@rebound/contract/launch';
import { WS_PATH } from '@rebound/contract/routes';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { SharedWindowCounter, sharedLimits } from '../../lib/shared-limits';
import { requireActiveStaff } from '../admin';
import { launchRoutes } from './routes';
import { SiteLock, type WindowCounter } from './service';
import { BYPASS_COOKIE, cookieValue, verifyBypassToken } from './tokens';

// THE LOCK (docs/decisions/028-pre-launch-mode.md). One onRequest hook, after the session
// is known, decides every request while the store is locked, for whoever is neither staff nor
// unlocked by the bypass:
//   - API paths answer only from the allow-list below; everything else is 403 'store_locked'
//     (the realtime socket and product media too); staff and bypassed browsers get media, marked
//     private so that no shared cache hands them on;
//   - page paths get the launch landing page (launch.html of the web build), so no store content
//     is in the HTML; /auth, /admin, /unsubscribe and /dev keep the web app.
// The launch result pages always get launch.html, locked or not. Staff and bypassed browsers see the
// store, with data-locked="true" on <html> while it is locked (the web app shows staff a banner).

/** API paths (exact, or with anything under them) that answer while the store is locked. */
export const OPEN_WHEN_LOCKED = [
  '/api/launch', // the landing and result pages
  '/api/auth', // sign in and up, check-email, complete-launch-profile, better-auth's links
  '/api/time',
  '/api/dev', // the development mailbox (loopback only, never in production)
  '/api/test', // the test clock (test mode only, never in production)
  '/api/unsubscribe', // one-click unsubscribe must always work (CASL)
  '/api/admin', // the staff guard decides
  '/api/list-signups', // the drop-list forms join the launch list
  '/api/webhooks', // the payment provider's calls are not visitors
  '/healthz',
  '/readyz',
  '/metrics',
] as const;

/** Page paths (any case, and anything under them) that keep the web app while locked. */
const APP_PAGES = ['/auth', '/admin', '/unsubscribe', '/dev'];
const RESULT_PAGES: readonly string[] = Object.values(LAUNCH_PAGES);

const under = (p: string, prefix: string) => p === prefix || p.startsWith(`${prefix}/`);

export function isOpenWhenLocked(p: string): boolean {
  return OPEN_WHEN_LOCKED.some((prefix) => under(p, prefix));
}

/** The request's path, percent-decoded where possible, repeated slashes collapsed. */
function pathOf(request: FastifyRequest): string {
  const raw = (request.raw.url ?? '/').split('?', 1)[0]!;
  let p = raw;
  try {
    p = decodeURIComponent(raw);
  } catch {}
  return p.replace(/\/{2,}/g, '/');
}

/** Files of the web build (hashed bundles, icons, robots.txt): needed by the landing page itself. */
function isBuildFile(p: string): boolean {
  if (p.startsWith('/assets/')) return true;
  const last = p.slice(p.lastIndexOf('/') + 1);
  return (
    p.lastIndexOf('/') === 0 &&
    /\.[a-z0-9]+$/i.test(last) &&
    !['index.html', 'launch.html'].includes(last.toLowerCase())
  );
}

/** The landing page when the web build has none (a build without the second entry). */
const FALLBACK_LANDING = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Rebound | Opening soon</title><meta name="robots" content="noindex"></head>
<body style="font-family:system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#f8fafc;color:#0f172a">
<main style="max-width:32rem;padding:2rem;text-align:center"><h1>Rebound opens soon</h1>
<p>Daily auctions of returned goods in British Columbia. Check back shortly.</p></main></body></html>
`;

/** A page compressed once, at the best levels: it is the first page everyone sees. */
function encoded(plain: string) {
  return {
    plain,
    br: brotliCompressSync(plain, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
    gz: gzipSync(plain, { level: 9 }),
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    launch: { lock: SiteLock; emailLimit: WindowCounter };
  }
  interface FastifyRequest {
    /** The store is locked and this viewer sees it anyway (staff or bypass): pages carry data-locked. */
    storeLockedView: boolean;
  }
}

export interface Viewer {
  locked: boolean;
  isStaff: boolean;
  bypass: boolean;
  canSeeStore: boolean;
}

export async function viewerOf(app: FastifyInstance, request: FastifyRequest): Promise<Viewer> {
  const { config, clock } = app.deps;
  const locked = await app.launch.lock.locked();
  // Media skip the session lookup; under the lock, staff must still be known to see the photos.
  if (locked) await app.accounts.resolveDeferredUser(request);
  let isStaff = false;
  try {
    requireActiveStaff(request);
    isStaff = true;
  } catch {}
  const bypass =
    !isStaff &&
    verifyBypassToken(
      config.authSecret,
      config.launch.bypassEmail,
      cookieValue(request.headers.cookie, BYPASS_COOKIE),
      clock.now(),
    );
  return { locked, isStaff, bypass, canSeeStore: !locked || isStaff || bypass };
}

/** Per email: a few confirmation emails an hour is plenty for a person, and stops mail bombing. */
export const SIGNUPS_PER_EMAIL_PER_HOUR = 3;

export const launchPlugin = fp(
  async (app: FastifyInstance) => {
    const { config, db } = app.deps;
    app.decorate('launch', {
      lock: new SiteLock(db, config.launch.lockedByDefault),
      emailLimit: new SharedWindowCounter(
        sharedLimits(app),
        'launch-email',
        SIGNUPS_PER_EMAIL_PER_HOUR * config.rateLimitScale,
        60 * 60 * 1000,
      ),
    });
    app.decorateRequest('storeLockedView', false);

    const file = config.webDist ? path.join(config.webDist, 'launch.html') : null;
    const landing = file && existsSync(file) ? readFileSync(file, 'utf8') : FALLBACK_LANDING;
    // Compressed once, at the best levels: it is the first page everyone sees (answers sent from a
    // hook do not pass through the on-the-fly compression of routes).
    // The result pages get the same file marked data-view="result" on <html>, so its CSS hides the
    // landing's hero until the script has drawn the result (no flash of the signup form).
    const variants = {
      landing: encoded(landing),
      result: encoded(landing.replace(/<html(?=[\s>])/i, '<html data-view="result"')),
    };
    const sendLanding = (
      request: FastifyRequest,
      reply: FastifyReply,
      view: keyof typeof variants = 'landing',
    ) => {
      const page = variants[view];
      const accepts = String(request.headers['accept-encoding'] ?? '');
      reply
        .type('text/html; charset=utf-8')
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding');
      if (/\bbr\b/.test(accepts)) return reply.header('content-encoding', 'br').send(page.br);
      if (/\bgzip\b/.test(accepts)) return reply.header('content-encoding', 'gzip').send(page.gz);
      return reply.send(page.plain);
    };
    const refuse = (reply: FastifyReply) =>
      reply
        .status(403)
        .header('cache-control', 'no-store')
        .send({ error: { code: 'store_locked', message: errorMessage('store_locked') } });

    // Media answered to staff or a bypassed browser while locked (see the hook below).
    const lockedMedia = new WeakSet<FastifyRequest>();
    app.addHook('onSend', async (request, reply, payload) => {
      if (lockedMedia.has(request)) reply.header('cache-control', 'private, no-store');
      return payload;
    });

    app.addHook('onRequest', async (request, reply) => {
      const p = pathOf(request);
      const isPage = request.method === 'GET' || request.method === 'HEAD';
      const lower = p.toLowerCase();
      // The result pages are the launch page's, whatever the lock.
      if (isPage && RESULT_PAGES.includes(lower.replace(/\/$/, '')))
        return sendLanding(request, reply, 'result');
      if (isBuildFile(p)) return;
      const api = p.startsWith('/api/') || p === '/api';
      if (api && isOpenWhenLocked(p)) return;
      if (!api && isOpenWhenLocked(p)) return;
      if (!api && APP_PAGES.some((prefix) => under(lower, prefix))) {
        const viewer = await viewerOf(app, request);
        request.storeLockedView = viewer.locked && viewer.canSeeStore;
        return;
      }

      // Unlocked (the usual case): nothing more to decide.
      if (!(await app.launch.lock.locked())) return;
      const viewer = await viewerOf(app, request);
      const media = p.startsWith('/media/') || p.startsWith('/media-previews/');
      if (viewer.canSeeStore) {
        request.storeLockedView = viewer.locked;
        // Shown because of who asks: no shared cache may keep a photo for the next visitor.
        if (media) lockedMedia.add(request);
        return;
      }
      if (api || p === WS_PATH || media || !isPage) return refuse(reply);
      return sendLanding(request, reply);
    });

    await app.register(launchRoutes);
  },
  { name: 'rebound-launch', dependencies: ['rebound-auth'] },
);
