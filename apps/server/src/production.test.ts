import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API } from '@rebound/contract/routes';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '../test/auth';
import { makeLocation } from '../test/factories';
import { createTestApp } from '../test/harness';
import { makeOrder } from '../test/won-orders';
import { loadConfig, REPO_ROOT } from './config';
import { orders, users } from './db/schema';
import { DEMO_STAFF } from './seed/demo';
import { startServer } from './start';

// Production never has demo accounts and keeps its session cookie Secure.

const PRODUCTION = {
  NODE_ENV: 'production',
  TEST_CLOCK: 'false',
  AUTH_SECRET: 'p'.repeat(40),
  SELLER_GST_NUMBER: '123456789 RT0001',
  SELLER_PST_NUMBER: 'PST-1234-5678',
  PUBLIC_URL: 'https://rebound.example',
  LOG_LEVEL: 'silent',
};

describe('production never has demo accounts', () => {
  it('does not seed an empty embedded database on start, even if the configuration says to', async () => {
    const config = loadConfig({
      ...PRODUCTION,
      DATA_DIR: 'memory://',
      WEB_DIST: 'apps/web/dist-none',
      HOST: '127.0.0.1',
      PORT: '0',
    });
    expect(config.seedOnStart).toBe(false);
    // Whatever the database: a configuration made by hand that asks for it is still refused.
    const started = await startServer({ ...config, seedOnStart: true });
    try {
      expect(started.seeded).toBe(false);
      const staff = await started.database.db.select().from(users).where(eq(users.email, DEMO_STAFF.email));
      expect(staff).toEqual([]);
    } finally {
      await started.app.close();
    }
  });

  it("does not start without the seller's tax numbers, configured or in Settings (docs/decisions/078)", async () => {
    const config = loadConfig({
      ...PRODUCTION,
      SELLER_GST_NUMBER: '',
      DATA_DIR: 'memory://',
      WEB_DIST: 'apps/web/dist-none',
      HOST: '127.0.0.1',
      PORT: '0',
    });
    await expect(startServer(config)).rejects.toThrow(
      /SELLER_GST_NUMBER and SELLER_PST_NUMBER are required in production/,
    );
  });

  it.each([
    ['npm run db:seed', 'apps/server/src/seed/seed-cli.ts'],
    ['npm run seed:large', 'apps/server/src/seed/large-cli.ts'],
  ])('%s refuses with one line and exit code 1', (_name, script) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'rebound-seed-'));
    try {
      const run = spawnSync(process.execPath, ['--import', 'tsx', script], {
        cwd: REPO_ROOT,
        env: { ...process.env, NODE_ENV: 'production', DATABASE_URL: '', DATA_DIR: dataDir },
        encoding: 'utf8',
        timeout: 60_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toBe('');
      expect(run.stderr.trim().split('\n')).toEqual([
        expect.stringMatching(/^Refused: .* is never seeded with NODE_ENV=production/),
      ]);
      // Refused before opening anything.
      expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the session cookie in production', () => {
  it('is Secure, even when an http PUBLIC_URL is explicitly allowed', async () => {
    const t = await createTestApp({
      env: { ...PRODUCTION, PUBLIC_URL: 'http://10.0.0.2:3000', ALLOW_INSECURE_PUBLIC_URL: 'true' },
    });
    try {
      const { user } = await signedInUser(t);
      const res = await t.app.inject({
        method: 'POST',
        url: API.authSignIn,
        payload: { email: user.email, password: 'correct-horse-battery' },
        remoteAddress: '2001:db8:ffff::9',
      });
      expect(res.statusCode).toBe(200);
      const setCookie = [res.headers['set-cookie'] ?? []].flat();
      const session = setCookie.find((c) => /rebound\.session_token=/.test(c));
      expect(session).toMatch(/^__Secure-rebound\.session_token=/);
      expect(session).toMatch(/;\s*Secure(;|$)/i);
      expect(session).toMatch(/;\s*HttpOnly(;|$)/i);
      // The device cookie of the signals (modules/signals) too: Secure, HTTP only, first-party.
      const device = setCookie.find((c) => /rebound\.device=/.test(c));
      expect(device).toMatch(
        /^__Secure-rebound\.device=[A-Za-z0-9_-]{22}; Path=\/;.*HttpOnly; SameSite=Lax; Secure$/,
      );
    } finally {
      await t.close();
    }
  });
});

describe('payments in production', () => {
  it('never runs the test checkout: without Stripe keys checkout fails clearly and nothing is paid', async () => {
    expect(() => loadConfig({ ...PRODUCTION, TEST_CHECKOUT: 'true' })).toThrowError(
      /TEST_CHECKOUT cannot be enabled in production/,
    );
    expect(loadConfig(PRODUCTION).payments.testCheckout).toBe(false);
    expect(loadConfig({}).payments.testCheckout).toBe(true);

    const t = await createTestApp({
      env: { ...PRODUCTION, PUBLIC_URL: 'http://10.0.0.2:3000', ALLOW_INSECURE_PUBLIC_URL: 'true' },
    });
    try {
      const shopper = await signedInUser(t);
      const location = await makeLocation(t.db);
      await t.db.update(users).set({ locationId: location.id }).where(eq(users.id, shopper.user.id));
      const { order } = await makeOrder(t.db, {
        now: t.clock.now(),
        userId: shopper.user.id,
        locationId: location.id,
      });
      const res = await t.app.inject({
        method: 'POST',
        url: API.checkout,
        headers: { cookie: shopper.cookie },
        payload: { orderIds: [order.id] },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().error.message).toBe('Failed to create checkout session. Please try again.');
      expect((await t.app.inject({ url: '/test-checkout/cs_test_anything' })).statusCode).toBe(404);
      const [after] = await t.db.select().from(orders).where(eq(orders.id, order.id));
      expect(after!.status).toBe('pending');
    } finally {
      await t.close();
    }
  });
});
