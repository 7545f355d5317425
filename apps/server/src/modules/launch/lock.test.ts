// The lock (docs/decisions/028-pre-launch-mode.md): while the store is locked, visitors and shoppers get the
// launch page for every page path and a refusal for every store API, media and the socket; staff and a
// bypassed browser see everything. The API check enumerates every registered route, so a new route that is
// not on the allow-list below is refused by construction (and this test says so).
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { API } from '@rebound/contract/routes';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser, testAddress } from '../../../test/auth';
import { makeAuction, makeLocation } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { REPO_ROOT } from '../../config';
import { auditLog } from '../../db/schema';
import { SiteLock } from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const BYPASS = 'insider@rebound.test';
const LANDING =
  '<!doctype html><html lang="en-CA"><head><title>Rebound: opening soon</title></head><body>LAUNCH-LANDING</body></html>';
const PRODUCT_TITLE = 'Walnut Reading Lamp';

let t: TestApp;
let webDist: string;
let staff: SignedInUser;
let shopper: SignedInUser;
let bypassCookie: string;
let slug: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'rebound-launch-web-'));
  await copyFile(path.join(REPO_ROOT, 'apps/web/index.html'), path.join(webDist, 'index.html'));
  await writeFile(path.join(webDist, 'launch.html'), LANDING);
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'launch-Ab12Cd34.js'), 'export {};\n');
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await createTestApp({ now: NOW, env: { WEB_DIST: webDist, LAUNCH_BYPASS_EMAIL: BYPASS } });
  staff = await signedInUser(t, { role: 'staff' });
  shopper = await signedInUser(t);
  const { product } = await makeAuction(t.db, {
    now: NOW,
    locationId: (await makeLocation(t.db)).id,
    product: { title: PRODUCT_TITLE, slug: 'walnut-reading-lamp-ab12', description: 'Warm light.' },
  });
  slug = product.slug;
  const res = await t.app.inject({
    method: 'POST',
    url: API.launchSignup,
    payload: { email: BYPASS },
    remoteAddress: testAddress(),
  });
  bypassCookie = String(res.headers['set-cookie']).split(';', 1)[0]!;
});
afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

type Who = 'visitor' | 'shopper' | 'staff' | 'bypass';
const cookieOf = (who: Who) =>
  who === 'staff'
    ? staff.cookie
    : who === 'shopper'
      ? shopper.cookie
      : who === 'bypass'
        ? bypassCookie
        : undefined;

function get(url: string, who: Who = 'visitor') {
  const cookie = cookieOf(who);
  return t.app.inject({
    method: 'GET',
    url,
    remoteAddress: testAddress(),
    headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) },
  });
}

async function setLock(locked: boolean, extra: Record<string, unknown> = { confirm: true }) {
  return t.app.inject({
    method: 'PUT',
    url: API.adminSettings,
    headers: { cookie: staff.cookie },
    payload: { locked, ...extra },
  });
}

const isLanding = (body: string) => body.includes('LAUNCH-LANDING');

describe('the lock setting', () => {
  it('defaults to the configuration until staff set it', async () => {
    expect(await new SiteLock(t.db, true).locked()).toBe(true);
    expect(await new SiteLock(t.db, false).locked()).toBe(false);
    expect((await get(API.launchStatus)).json()).toEqual({
      locked: false,
      canSeeStore: true,
      isStaff: false,
    });
  });

  it('needs staff, and a confirmation; the switch is audited with before and after', async () => {
    const unconfirmed = await setLock(true, {});
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().error.message).toBe('Please confirm the change.');
    const asShopper = await t.app.inject({
      method: 'PUT',
      url: API.adminSettings,
      headers: { cookie: shopper.cookie },
      payload: { locked: true, confirm: true },
    });
    expect(asShopper.statusCode).toBe(403);
    expect((await get(API.launchStatus)).json().locked).toBe(false);

    const res = await setLock(true, { confirm: true, reason: 'Soft launch week' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ locked: true });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.action, 'site.lock'))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({
      actorId: staff.user.id,
      before: { locked: false },
      after: { locked: true },
      reason: 'Soft launch week',
    });
    // At once on this server.
    expect((await get(API.launchStatus)).json()).toEqual({
      locked: true,
      canSeeStore: false,
      isStaff: false,
    });
    const read = await t.app.inject({
      method: 'GET',
      url: API.adminSettings,
      headers: { cookie: staff.cookie },
    });
    expect(read.json()).toEqual({ locked: true });
  });
});

describe('while locked', () => {
  beforeAll(async () => {
    expect((await setLock(true)).statusCode).toBe(200);
  });

  it('sends visitors and shoppers the launch page for store pages, with no product in the HTML', async () => {
    for (const who of ['visitor', 'shopper'] as const) {
      for (const url of [
        '/',
        '/shop',
        `/product/${slug}`,
        '/SHOP?q=lamp',
        '/index.html',
        '/launch.html',
        '/drops/x',
        '/account',
      ]) {
        const res = await get(url, who);
        expect({ who, url, status: res.statusCode, landing: isLanding(res.body) }).toEqual({
          who,
          url,
          status: 200,
          landing: true,
        });
        expect(res.body).not.toContain(PRODUCT_TITLE);
        expect(res.body).not.toContain('og:title');
      }
    }
  });

  it('sends the landing page compressed when the browser accepts it', async () => {
    for (const [encoding, decode] of [
      ['br', brotliDecompressSync],
      ['gzip', gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/shop',
        headers: { 'accept-encoding': encoding },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toContain('accept-encoding');
      expect(decode(res.rawPayload).toString('utf8')).toBe(LANDING);
    }
  });

  it('keeps the web app for /auth and /admin, and the result pages are always the launch page', async () => {
    for (const url of ['/auth', '/auth/sign-up', '/admin', '/admin/settings']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      expect(isLanding(res.body)).toBe(false);
      expect(res.body).toContain('<div id="root">');
    }
    for (const url of ['/launch-success', '/launch-already-confirmed', '/launch-error']) {
      expect(isLanding((await get(url)).body)).toBe(true);
      expect(isLanding((await get(url, 'staff')).body)).toBe(true);
      // Marked as a result page, so the landing's hero does not flash before the script runs.
      expect((await get(url)).body).toMatch(/<html data-view="result"/i);
    }
    expect((await get('/')).body).not.toContain('data-view');
  });

  it('lets staff and a bypassed browser see the store, marked as locked', async () => {
    for (const who of ['staff', 'bypass'] as const) {
      const page = await get(`/product/${slug}`, who);
      expect(page.statusCode).toBe(200);
      expect(isLanding(page.body)).toBe(false);
      expect(page.body).toContain(`<title>${PRODUCT_TITLE} | Rebound</title>`);
      expect(page.body).toMatch(/^<!doctype html>\s*<html data-locked="true" lang="en-CA">/i);
      const api = await get(API.product(slug), who);
      expect(api.statusCode).toBe(200);
      expect(api.json().product.title).toBe(PRODUCT_TITLE);
    }
    expect((await get(API.launchStatus, 'staff')).json()).toEqual({
      locked: true,
      canSeeStore: true,
      isStaff: true,
    });
    expect((await get(API.launchStatus, 'bypass')).json()).toEqual({
      locked: true,
      canSeeStore: true,
      isStaff: false,
    });
    // A forged bypass cookie is a visitor.
    const forged = await t.app.inject({
      method: 'GET',
      url: API.shop,
      headers: { cookie: `${bypassCookie.slice(0, -3)}abc` },
    });
    expect(forged.statusCode).toBe(403);
  });

  it('serves product photos to staff and a bypassed browser, kept out of shared caches', async () => {
    const dir = path.join(t.config.mediaDir, 'products');
    await mkdir(dir, { recursive: true });
    await writeFile(path.join(dir, 'walnut-lamp-0.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    for (const who of ['staff', 'bypass'] as const) {
      const res = await get('/media/products/walnut-lamp-0.svg', who);
      expect({ who, status: res.statusCode }).toEqual({ who, status: 200 });
      expect(res.body).toContain('<svg');
      // Seen only because of who asks: no shared cache may keep it for a visitor.
      expect(res.headers['cache-control']).toBe('private, no-store');
    }
    for (const who of ['visitor', 'shopper'] as const) {
      const res = await get('/media/products/walnut-lamp-0.svg', who);
      expect({ who, status: res.statusCode }).toEqual({ who, status: 403 });
      expect(res.json().error.code).toBe('store_locked');
    }
  });

  it('refuses the media, the socket and every API route not on the allow-list', async () => {
    for (const url of ['/media/products/x-0.svg', '/ws', API.shop, API.home, API.product(slug)]) {
      for (const who of ['visitor', 'shopper'] as const) {
        const res = await get(url, who);
        expect({ url, who, status: res.statusCode }).toEqual({ url, who, status: 403 });
        expect(res.json().error).toEqual({ code: 'store_locked', message: 'The store opens soon.' });
      }
    }
  });

  it('answers, for every registered API route, only from the allow-list', async () => {
    // The allow-list, written out again on purpose: a route added to lock.ts's list shows up here.
    const OPEN = [
      '/api/launch/',
      '/api/auth/',
      '/api/time',
      '/api/dev/',
      '/api/test/',
      '/api/unsubscribe',
      '/api/admin/',
      '/api/list-signups',
      '/api/webhooks/stripe',
    ];
    const open = (url: string) =>
      OPEN.some((p) => url === p || url.startsWith(p.endsWith('/') ? p : `${p}/`));
    const seen = new Set<string>();
    let refused = 0;
    let allowed = 0;
    for (const r of t.app.routeTable) {
      if (!r.url.startsWith('/api/') || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
      const key = `${r.method} ${r.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const url = r.url.replace(/:(\w+)/g, () => randomUUID()).replace('*', 'x');
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        remoteAddress: testAddress(),
        headers: { cookie: shopper.cookie },
        ...(r.method === 'GET' || r.method === 'DELETE' ? {} : { payload: {} }),
      });
      const code = String(res.headers['content-type'] ?? '').includes('json')
        ? res.json()?.error?.code
        : undefined;
      if (open(r.url)) {
        allowed++;
        expect({ route: key, code }).not.toEqual({ route: key, code: 'store_locked' });
      } else {
        refused++;
        expect({ route: key, status: res.statusCode, code }).toEqual({
          route: key,
          status: 403,
          code: 'store_locked',
        });
      }
    }
    // Enough of both for the check to mean something.
    expect(refused).toBeGreaterThan(20);
    expect(allowed).toBeGreaterThan(15);
  });

  it('answers every other registered route with the landing page or a refusal', async () => {
    const OPEN = ['/healthz', '/readyz', '/metrics'];
    const seen = new Set<string>();
    for (const r of t.app.routeTable) {
      if (r.url.startsWith('/api/') || r.method === 'HEAD' || r.method === 'OPTIONS') continue;
      if (OPEN.includes(r.url) || r.url.startsWith('/assets/') || /^\/[^/]+\.\w+$/.test(r.url)) continue;
      const key = `${r.method} ${r.url}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const url = r.url.replace(/:(\w+)/g, () => randomUUID()).replace('*', 'x.jpg');
      const res = await t.app.inject({
        method: r.method as 'GET',
        url,
        headers: { cookie: shopper.cookie },
        ...(r.method === 'GET' ? {} : { payload: {} }),
      });
      const outcome = isLanding(res.body)
        ? 'landing'
        : res.statusCode === 403
          ? res.json().error.code
          : res.statusCode;
      expect({ route: key, outcome: outcome === 'landing' || outcome === 'store_locked' }).toEqual({
        route: key,
        outcome: true,
      });
    }
    expect(seen).toContain('GET /media-previews/products/:name');
    expect(seen).toContain('GET /product/:slug');
  });

  it('keeps serving what the landing and sign-in need', async () => {
    expect((await get('/healthz')).statusCode).toBe(200);
    expect((await get(API.time)).statusCode).toBe(200);
    expect((await get('/favicon.svg')).statusCode).toBe(200);
    expect((await get('/assets/launch-Ab12Cd34.js')).statusCode).toBe(200);
    const check = await t.app.inject({
      method: 'POST',
      url: API.authCheckEmail,
      remoteAddress: testAddress(),
      payload: { email: 'someone@example.test' },
    });
    expect(check.statusCode).toBe(200);
  });

  it('opens the store for everyone at once when staff unlock it', async () => {
    expect((await setLock(false)).statusCode).toBe(200);
    const page = await get(`/product/${slug}`);
    expect(isLanding(page.body)).toBe(false);
    expect(page.body).toContain(PRODUCT_TITLE);
    expect(page.body).not.toContain('data-locked');
    expect((await get(API.shop)).statusCode).toBe(200);
    expect((await get(API.launchStatus)).json()).toEqual({
      locked: false,
      canSeeStore: true,
      isStaff: false,
    });
  });
});
