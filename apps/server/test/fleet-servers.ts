// Real server processes (main.ts) on one PostgreSQL database, with signed-in people: the setup the
// fleet tests share (fleet.test.ts, bid-groups-fleet.test.ts). Every server runs every job
// (jobs/runner.ts), as in production with several servers (docs/decisions/033).

import { API } from '@rebound/contract/routes';
import { expect } from 'vitest';
import type { Db } from '../src/db/client';
import { accounts } from '../src/db/schema';
import { type ChildServer, freePort, startChildServer } from './child-server';
import { makeUser } from './factories';
import { hashPassword } from './passwords';

export interface FleetPerson {
  id: string;
  email: string;
  /** The session cookie, as a browser would send it. */
  cookie: string;
}

const PASSWORD = 'fleet-password-2026';

/** `count` production servers on `databaseUrl`, each ready (its /readyz answers). */
export async function startFleet(
  databaseUrl: string,
  count: number,
  opts: { poolSize: number; secret: string },
): Promise<ChildServer[]> {
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const servers = ports.map((port) =>
    startChildServer({
      port,
      env: {
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        DATABASE_URL: databaseUrl,
        DATABASE_POOL_SIZE: String(opts.poolSize),
        AUTH_SECRET: opts.secret,
        SELLER_GST_NUMBER: '123456789 RT0001',
        SELLER_PST_NUMBER: 'PST-1234-5678',
        ALLOW_INSECURE_PUBLIC_URL: 'true',
        // Each person signs in from an address of their own (X-Forwarded-For).
        TRUST_PROXY: 'true',
        TEST_CLOCK: 'false',
        SEED_ON_START: 'false',
        WEB_CONCURRENCY: '1',
        REDIS_URL: '',
        REALTIME: 'postgres',
        LOG_LEVEL: 'warn',
      },
    }),
  );
  await Promise.all(servers.map((s) => s.ready(120_000)));
  return servers;
}

/**
 * `count` people with a password (emails `<tag><i>@<tag>.test`), each signed in through the servers
 * in turn from an address of their own in `10.<network>.0.0/24`: a session made on one server is
 * good on the others.
 */
export async function signedInPeople(
  db: Db,
  servers: ChildServer[],
  opts: { count: number; tag: string; network: number },
): Promise<FleetPerson[]> {
  const hash = await hashPassword(PASSWORD);
  const people: FleetPerson[] = [];
  for (let i = 0; i < opts.count; i++) {
    const u = await makeUser(db, {
      email: `${opts.tag}${i}@${opts.tag}.test`,
      handle: `${opts.tag}_${i}`,
      emailVerified: true,
    });
    await db
      .insert(accounts)
      .values({ userId: u.id, accountId: u.id, providerId: 'credential', password: hash });
    people.push({ id: u.id, email: u.email, cookie: '' });
  }
  for (const [i, p] of people.entries()) {
    const res = await fetch(`${servers[i % servers.length]!.base}${API.authSignIn}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.${opts.network}.0.${i + 1}` },
      body: JSON.stringify({ email: p.email, password: PASSWORD }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    p.cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
  }
  return people;
}
