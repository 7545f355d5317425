import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { asSession } from '../../test/bidding';
import { createTestDatabase, TEST_DB_KIND } from '../../test/database';
import { makeAuction, makeLocation, makeUser } from '../../test/factories';
import { connectSocket } from '../../test/socket';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { Database } from '../db/client';
import { adjustableClock } from '../lib/clock';
import { placeBid } from '../modules/bidding';
import { backoffDelay, LISTEN_APPLICATION_NAME, postgresHub, type RealtimeHub } from './hub';

/** How long a reconnection or its notice may take: generous, a slow CI database is fine. */
const WAIT = { timeout: 5_000, interval: 10 };

describe('LISTEN reconnection backoff', () => {
  it('doubles from the minimum up to the maximum, with ±25% jitter', () => {
    const backoff = { minMs: 100, maxMs: 5_000 };
    const middle = (attempt: number) => backoffDelay(attempt, backoff, () => 0.5);
    expect([0, 1, 2, 3, 4, 5, 6, 50].map(middle)).toEqual([100, 200, 400, 800, 1600, 3200, 5000, 5000]);
    expect(backoffDelay(0, backoff, () => 0)).toBe(75);
    expect(backoffDelay(9, backoff, () => 0.999_999)).toBe(6_250);
  });
});

describe.skipIf(TEST_DB_KIND !== 'postgres')(
  'live updates survive a database blip (PostgreSQL only: set TEST_DATABASE_URL to run)',
  () => {
    let database: Database;
    let hub: RealtimeHub;
    let app: FastifyInstance;
    let base: string;
    const clock = adjustableClock(new Date('2026-06-15T18:00:00.000Z'));
    const logged: { level: string; msg: string }[] = [];
    const log = {
      error: (_obj: object, msg: string) => logged.push({ level: 'error', msg }),
      warn: (_obj: object, msg: string) => logged.push({ level: 'warn', msg }),
      info: (_obj: object, msg: string) => logged.push({ level: 'info', msg }),
    };

    beforeAll(async () => {
      database = await createTestDatabase();
      // A first retry late enough for /readyz to be seen not ready, soon enough to keep the test fast.
      hub = await postgresHub(database.url as string, log, { backoff: { minMs: 400, maxMs: 1_000 } });
      const config = loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        DATA_DIR: 'memory://',
        WEB_DIST: 'apps/web/dist-none',
      });
      app = await buildApp({ config, database, clock, hub });
      base = await app.listen({ host: '127.0.0.1', port: 0 });
    });
    afterAll(async () => {
      await app?.close();
      await hub?.close();
      await database?.close();
    });

    const readyz = async () => {
      const res = await app.inject({ method: 'GET', url: '/readyz' });
      return { status: res.statusCode, body: res.json() };
    };
    const waitForReadyz = async (status: number) => {
      const until = Date.now() + 10_000;
      for (;;) {
        const r = await readyz();
        if (r.status === status) return r;
        if (Date.now() > until) throw new Error(`/readyz never answered ${status}: ${JSON.stringify(r)}`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const metric = async (name: string) => {
      const text = (await app.inject({ method: 'GET', url: '/metrics' })).body;
      const line = text.split('\n').find((l) => l.startsWith(`${name} `));
      return line === undefined ? undefined : Number(line.split(' ')[1]);
    };

    it('reconnects a terminated LISTEN backend, resyncs the sockets and delivers later bids', async () => {
      const locationId = (await makeLocation(database.db)).id;
      const { auction } = await makeAuction(database.db, { now: clock.now(), locationId });
      const bidder = asSession(await makeUser(database.db));
      const client = await connectSocket(base);
      client.send({ type: 'subscribe', auctionIds: [auction.id] });
      client.send({ type: 'ping' });
      await client.waitFor((e) => e.type === 'PongV1');
      expect(await readyz()).toEqual({ status: 200, body: { status: 'ok', database: true, realtime: true } });
      expect(await metric('rebound_realtime_listen_connected')).toBe(1);
      expect(await metric('rebound_realtime_listen_reconnects_total')).toBe(0);

      // The database drops this server's LISTEN connection (as a restart or failover would).
      const killed = (await database.db.execute(
        sql`select pg_terminate_backend(pid) as killed from pg_stat_activity
            where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`,
      )) as unknown as { rows: unknown[] };
      expect(killed.rows).toEqual([{ killed: true }]);

      const down = await waitForReadyz(503);
      expect(down.body).toEqual({ status: 'unavailable', database: true, realtime: false });
      expect(await metric('rebound_realtime_listen_connected')).toBe(0);
      // Publishing still works while this server cannot hear (NOTIFY goes through the pool);
      // this event is lost to its own sockets, which the resync makes up for.
      const _during = await placeBid(database.db, clock, bidder, auction.id, '20', null, app.deps.publish);

      expect((await waitForReadyz(200)).body).toEqual({ status: 'ok', database: true, realtime: true });
      await client.waitFor((e) => e.type === 'ResyncV1');
      expect(await metric('rebound_realtime_listen_connected')).toBe(1);
      expect(await metric('rebound_realtime_listen_reconnects_total')).toBe(1);
      expect(logged.map((l) => l.msg)).toContain('realtime LISTEN reconnected');

      const after = await placeBid(
        database.db,
        clock,
        asSession(await makeUser(database.db)),
        auction.id,
        '30',
        null,
        app.deps.publish,
      );
      const e = await client.waitFor(
        (x) => x.type === 'BidPlacedV1' && x.auction.seq === after.body.auction.seq,
      );
      expect(e.type === 'BidPlacedV1' && e.auction.auctionId).toBe(auction.id);
      client.ws.close();
    });

    it('keeps retrying with backoff while the database refuses connections, then resyncs once', async () => {
      const messages: string[] = [];
      const quiet = {
        error: (_obj: object, msg: string) => messages.push(msg),
        warn: (_obj: object, msg: string) => messages.push(msg),
        info: (_obj: object, msg: string) => messages.push(msg),
      };
      const own = await postgresHub(database.url as string, quiet, { backoff: { minMs: 20, maxMs: 100 } });
      const resyncs: number[] = [];
      own.onResync(() => resyncs.push(Date.now()));
      const received: string[] = [];
      own.subscribe('auction:blip', (json) => received.push(json));
      // A database cannot refuse connections to itself: switch it from the admin database.
      const name = new URL(database.url as string).pathname.slice(1);
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const failures = () => messages.filter((m) => m === 'realtime LISTEN reconnection failed').length;
      try {
        try {
          await admin.query(`alter database ${name} allow_connections false`);
          await database.db.execute(
            sql`select pg_terminate_backend(pid) from pg_stat_activity
                where application_name = ${LISTEN_APPLICATION_NAME} and datname = current_database()`,
          );
          await vi.waitFor(() => expect(failures()).toBeGreaterThanOrEqual(3), WAIT);
          expect(own.status().listening).toBe(false);
          expect(resyncs).toEqual([]);
        } finally {
          await admin.query(`alter database ${name} allow_connections true`);
        }
        await vi.waitFor(() => expect(own.status().listening).toBe(true), WAIT);
        expect(own.status()).toEqual({ listening: true, reconnects: 1 });
        expect(resyncs).toHaveLength(1);
        await own.publish([
          { room: 'auction:blip', event: { type: 'PongV1', serverTime: clock.now().toISOString() } },
        ]);
        await vi.waitFor(() => expect(received.length).toBeGreaterThan(0), WAIT);
        expect(received).toHaveLength(1);
      } finally {
        await admin.end();
        await own.close();
      }
    });

    it('hands errors of idle pooled connections to a listener instead of swallowing them', async () => {
      const errors: Error[] = [];
      const off = database.onError((err) => errors.push(err));
      try {
        // Two idle connections in the pool; one terminates the other.
        await Promise.all([0, 1].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
        await database.db.execute(
          sql`select pg_terminate_backend(pid) from pg_stat_activity
              where datname = current_database() and pid <> pg_backend_pid()
                and application_name <> ${LISTEN_APPLICATION_NAME}`,
        );
        await vi.waitFor(() => expect(errors.length).toBeGreaterThan(0), WAIT);
        expect(errors[0]?.message).toMatch(/terminat/);
        // The pool replaces the lost connection.
        expect(await database.ping()).toBe(true);
      } finally {
        off();
      }
    });
  },
);
