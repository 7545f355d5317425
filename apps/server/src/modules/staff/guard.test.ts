import { randomUUID } from 'node:crypto';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { type SignedInUser, signedInUser } from '../../../test/auth';
import { useTestApp } from '../../../test/harness';
import { users } from '../../db/schema';
import { isAdminUrl } from './guard';

// Every back-office endpoint refuses visitors (401), shoppers (403) and suspended staff (403),
// including endpoints other areas add later: the list comes from the routes the app registered.

let shopper: SignedInUser;
let staff: SignedInUser;
let suspendedStaff: SignedInUser;
const t = useTestApp({}, async (t) => {
  shopper = await signedInUser(t);
  staff = await signedInUser(t, { role: 'staff' });
  suspendedStaff = await signedInUser(t, { role: 'staff' });
  await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspendedStaff.user.id));
});

/** The registered admin routes, with path parameters filled in. */
function adminRoutes() {
  const seen = new Set<string>();
  const routes: { method: string; url: string; pattern: string }[] = [];
  for (const r of t.app.routeTable) {
    if (!isAdminUrl(r.url) || r.method === 'OPTIONS') continue;
    const key = `${r.method} ${r.url}`;
    if (seen.has(key)) continue;
    seen.add(key);
    routes.push({ method: r.method, pattern: r.url, url: r.url.replace(/:(\w+)/g, () => randomUUID()) });
  }
  return routes;
}

describe('the back-office guard', () => {
  it('knows every route the app registered (the table matches Fastify’s own list)', () => {
    const printed = t.app.printRoutes({ commonPrefix: false });
    const routes = adminRoutes();
    // The app has admin routes of several modules: its own, the pickup desk's, the probe.
    expect(routes.map((r) => r.pattern)).toEqual(
      expect.arrayContaining([API.adminAudit, API.adminPing, API.adminPickupToday]),
    );
    for (const r of routes) expect(t.app.hasRoute({ method: r.method as 'GET', url: r.pattern })).toBe(true);
    expect(printed).toContain('admin');
  });

  it('refuses visitors with 401 on every admin route', async () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(5);
    for (const r of routes) {
      const res = await t.app.inject({ method: r.method as 'GET', url: r.url, payload: bodyFor(r.method) });
      expect({ route: `${r.method} ${r.pattern}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.pattern}`,
        status: 401,
      });
      if (r.method !== 'HEAD') expect(res.json().error.message).toBe('Authentication required');
    }
  });

  it('refuses shoppers with 403 on every admin route', async () => {
    for (const r of adminRoutes()) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { cookie: shopper.cookie },
        payload: bodyFor(r.method),
      });
      expect({ route: `${r.method} ${r.pattern}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.pattern}`,
        status: 403,
      });
    }
  });

  it('refuses suspended staff with 403 on every admin route', async () => {
    for (const r of adminRoutes()) {
      const res = await t.app.inject({
        method: r.method as 'GET',
        url: r.url,
        headers: { cookie: suspendedStaff.cookie },
        payload: bodyFor(r.method),
      });
      expect({ route: `${r.method} ${r.pattern}`, status: res.statusCode }).toEqual({
        route: `${r.method} ${r.pattern}`,
        status: 403,
      });
      if (r.method !== 'HEAD') expect(res.json().error.code).toBe('staff_suspended');
    }
  });

  it('lets active staff through', async () => {
    const res = await t.app.inject({ method: 'GET', url: API.adminAudit, headers: { cookie: staff.cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ items: [], total: 0, page: 1, pageSize: 25 });
  });
});

function bodyFor(method: string) {
  return method === 'GET' || method === 'HEAD' || method === 'DELETE' ? undefined : {};
}
