// (f) Pickup under 50 concurrent shoppers: slot listing (GET /api/pickup/slots) and booking
// (POST /api/pickup/appointments: book, then move each booking once) over real HTTP against the app
// built in this process (buildApp, listening on 127.0.0.1), each shopper signed in with a real
// session. Baselines in the same run, at the same concurrency: GET /healthz through the same HTTP
// stack, and through the same database pool a bare indexed SELECT of a location's booked slots and a
// bare single-row UPDATE.
//
//   npx tsx bench/pickup.bench.ts            (embedded PGlite, in memory)
//   npx tsx bench/pickup.bench.ts --pg       (PostgreSQL at BENCH_DATABASE_URL, a database of its own)
//   options: --shoppers 50 --orders 10 --lists 20
import os from 'node:os';
import type { AvailableSlotsResponse } from '@rebound/contract/pickup';
import { API } from '@rebound/contract/routes';
import { eq, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { orders, pickupAppointments, pickupSchedules, pickupSlots } from '../apps/server/src/db/schema';
import { adjustableClock } from '../apps/server/src/lib/clock';
import { signedInUser } from '../apps/server/test/auth';
import { createTestDatabase } from '../apps/server/test/database';
import { makeLocation } from '../apps/server/test/factories';
import type { TestApp } from '../apps/server/test/harness';
import { makeOrder } from '../apps/server/test/won-orders';
import { cli, fmt, machine, PG_URL, summary, writeSection } from './lib';

const arg = cli.number;
const ON_PG = cli.flag('pg');
const SHOPPERS = arg('shoppers', 50);
const ORDERS_EACH = arg('orders', 10);
const LISTS_EACH = arg('lists', 20);
const CAPACITY = 20;
// Monday 15 June 2026 10:50 in Vancouver: the window runs to Monday the 22nd (Sunday closed).
const NOW = new Date('2026-06-15T17:50:00.000Z');
if (ON_PG) process.env.TEST_DATABASE_URL = PG_URL;
else delete process.env.TEST_DATABASE_URL;

/** Runs `perWorker(i)` on `workers` concurrent workers; each returns its latencies (ms). */
async function concurrently(workers: number, perWorker: (i: number) => Promise<number[]>) {
  const t0 = performance.now();
  const all = (await Promise.all(Array.from({ length: workers }, (_, i) => perWorker(i)))).flat();
  const seconds = (performance.now() - t0) / 1000;
  return { ...summary(all), perSecond: all.length / seconds };
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t0 = performance.now();
  await fn();
  return performance.now() - t0;
}

async function main() {
  const loadStart = os.loadavg()[0]!;
  const database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    WEB_DIST: 'apps/web/dist-none',
  });
  const clock = adjustableClock(NOW);
  const app = await buildApp({ config, database, clock });
  await app.ready();
  const t: TestApp = { app, database, db: database.db, clock, config, close: async () => {} };
  const db = database.db;
  try {
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    const location = await makeLocation(db);
    await db.insert(pickupSchedules).values(
      [1, 2, 3, 4, 5, 6].map((weekday) => ({
        locationId: location.id,
        weekday,
        opensAt: '10:00',
        closesAt: '18:00',
        slotMinutes: 30,
        capacity: CAPACITY,
      })),
    );
    console.log(
      `${ON_PG ? 'PostgreSQL' : 'PGlite'}: signing in ${SHOPPERS} shoppers, ${ORDERS_EACH} paid orders each...`,
    );
    const shoppers: { cookie: string; orderIds: string[] }[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const s = await signedInUser(t);
      const orderIds: string[] = [];
      for (let k = 0; k < ORDERS_EACH; k++) {
        const { order } = await makeOrder(db, {
          now: NOW,
          userId: s.user.id,
          locationId: location.id,
          order: { status: 'paid', paidAt: NOW, totalCents: 10_000 },
        });
        orderIds.push(order.id);
      }
      shoppers.push({ cookie: s.cookie, orderIds });
    }

    const get = async (path: string, cookie?: string) => {
      const res = await fetch(`${base}${path}`, cookie ? { headers: { cookie } } : {});
      const body = await res.text();
      if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${body}`);
      return body;
    };
    const outcomes = { booked: 0, moved: 0, full: 0 };
    const post = async (cookie: string, orderId: string, slotId: string) => {
      const res = await fetch(`${base}${API.pickupAppointments}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ orderId, slotId }),
      });
      const body = (await res.json()) as { moved?: boolean; error?: { code: string } };
      if (res.status === 200) outcomes[body.moved ? 'moved' : 'booked'] += 1;
      else if (body.error?.code === 'slot_full' || body.error?.code === 'slot_unavailable')
        outcomes.full += 1;
      else throw new Error(`POST booking: ${res.status} ${JSON.stringify(body)}`);
    };

    const first = JSON.parse(
      await get(`${API.pickupSlots}?orderId=${shoppers[0]!.orderIds[0]}`, shoppers[0]!.cookie),
    ) as AvailableSlotsResponse;
    const slotIds = Object.values(first.slots)
      .flat()
      .map((s) => s.slotId);
    const pick = () => slotIds[Math.floor(Math.random() * slotIds.length)]!;
    // Warm-up: every path once per shopper.
    await Promise.all(shoppers.map((s) => get(`${API.pickupSlots}?orderId=${s.orderIds[0]}`, s.cookie)));
    await Promise.all(Array.from({ length: SHOPPERS }, () => get('/healthz')));

    const listing = await concurrently(SHOPPERS, async (i) => {
      const s = shoppers[i]!;
      const out: number[] = [];
      for (let k = 0; k < LISTS_EACH; k++) {
        const orderId = s.orderIds[k % s.orderIds.length]!;
        out.push(await timed(() => get(`${API.pickupSlots}?orderId=${orderId}`, s.cookie)));
      }
      return out;
    });
    const booking = await concurrently(SHOPPERS, async (i) => {
      const s = shoppers[i]!;
      const out: number[] = [];
      for (const orderId of s.orderIds) out.push(await timed(() => post(s.cookie, orderId, pick())));
      return out;
    });
    const moving = await concurrently(SHOPPERS, async (i) => {
      const s = shoppers[i]!;
      const out: number[] = [];
      for (const orderId of s.orderIds) out.push(await timed(() => post(s.cookie, orderId, pick())));
      return out;
    });

    // Baselines at the same concurrency and count.
    const health = await concurrently(SHOPPERS, async () => {
      const out: number[] = [];
      for (let k = 0; k < LISTS_EACH; k++) out.push(await timed(() => get('/healthz')));
      return out;
    });
    const from = new Date('2026-06-15T07:00:00Z');
    const to = new Date('2026-06-23T07:00:00Z');
    const select = await concurrently(SHOPPERS, async () => {
      const out: number[] = [];
      for (let k = 0; k < LISTS_EACH; k++) {
        out.push(
          await timed(() =>
            db.execute(
              sql`select starts_at, booked_count from pickup_slots where location_id = ${location.id} and starts_at >= ${from.toISOString()}::timestamptz and starts_at < ${to.toISOString()}::timestamptz`,
            ),
          ),
        );
      }
      return out;
    });
    const update = await concurrently(SHOPPERS, async (i) => {
      const out: number[] = [];
      for (const orderId of shoppers[i]!.orderIds) {
        out.push(
          await timed(() => db.execute(sql`update orders set updated_at = now() where id = ${orderId}`)),
        );
      }
      return out;
    });

    // The books balance: every slot holds what its appointments say, never more than its capacity.
    const rows = await db.select().from(pickupSlots).where(eq(pickupSlots.locationId, location.id));
    const over = rows.filter((r) => r.bookedCount > r.capacity).length;
    const scheduled = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(pickupAppointments)
      .where(eq(pickupAppointments.status, 'scheduled'));
    const held = rows.reduce((n, r) => n + r.bookedCount, 0);
    const paidLeft = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(orders)
      .where(eq(orders.status, 'paid'));
    if (over > 0 || held !== scheduled[0]!.n)
      throw new Error(`slot counts off: ${held} vs ${scheduled[0]!.n}`);

    const ms = (x: number) => `${fmt(x)} ms`;
    const row = (name: string, r: typeof listing) =>
      `| ${name} | ${r.n} | ${ms(r.p50)} | ${ms(r.p99)} | ${ms(r.max)} | ${fmt(r.perSecond, 0)}/s |`;
    const kind = ON_PG
      ? 'PostgreSQL 15 (local, default settings, pool of 12)'
      : 'embedded PGlite (in memory, one connection)';
    const line =
      `${kind}: listing p50 ${fmt(listing.p50)} ms p99 ${fmt(listing.p99)} ms (${fmt(listing.perSecond, 0)}/s), ` +
      `booking p50 ${fmt(booking.p50)} ms p99 ${fmt(booking.p99)} ms (${fmt(booking.perSecond, 0)}/s), ` +
      `moving p50 ${fmt(moving.p50)} ms p99 ${fmt(moving.p99)} ms; ratios to bare SELECT ${fmt(listing.p50 / select.p50, 1)}×, ` +
      `to bare UPDATE ${fmt(booking.p50 / update.p50, 1)}×; outcomes ${JSON.stringify(outcomes)}`;
    console.log(line);
    writeSection(
      `pickup-${ON_PG ? 'pg' : 'pglite'}`,
      `## (f) Pickup under ${SHOPPERS} concurrent shoppers, ${ON_PG ? 'PostgreSQL' : 'PGlite'}

\`npx tsx bench/pickup.bench.ts${ON_PG ? ' --pg' : ''}\` on ${kind}, ${machine()}, ${new Date().toISOString().slice(0, 10)}.
${SHOPPERS} signed-in shoppers with ${ORDERS_EACH} paid orders each, all at once over real HTTP (keep-alive) against the app built in
the script's process; a schedule of Monday to Saturday 10:00-18:00, 30-minute slots of ${CAPACITY} places (${slotIds.length} slots in the window).
Each shopper lists slots ${LISTS_EACH} times, then books each of its orders into a random slot, then moves each booking once.
Load average: ${loadStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (two cores shared with other work: the baselines
run in the same script so the ratios stay fair).

| operation (${SHOPPERS} at a time) | requests | p50 | p99 | max | throughput |
|---|---|---|---|---|---|
${row('GET /api/pickup/slots (8-day window, ~100 slots)', listing)}
${row('POST /api/pickup/appointments: book', booking)}
${row('POST /api/pickup/appointments: move', moving)}
${row('baseline: GET /healthz (same HTTP stack)', health)}
${row('baseline: bare indexed SELECT of the booked slots (same pool)', select)}
${row('baseline: bare single-row UPDATE (same pool)', update)}

Ratios at p50: listing ${fmt(listing.p50 / select.p50, 1)}× the bare SELECT (${fmt(listing.p50 / health.p50, 1)}× /healthz); booking
${fmt(booking.p50 / update.p50, 1)}× the bare UPDATE, moving ${fmt(moving.p50 / update.p50, 1)}×. Outcomes: ${outcomes.booked} booked, ${outcomes.moved} moved,
${outcomes.full} refused (full or the order's own slot); every slot's count equals its scheduled appointments (${held}), none over
capacity; ${paidLeft[0]!.n} orders left unbooked. A listing reads the session, the order (owner, state, auction end), the schedule
and closed dates, and the window's booked counts, then derives the slots in core; a booking is one transaction (order locked,
core's checks, the slot row's conditional UPDATE, the appointment, the order's status, the confirmation notice and its outbox
rows), and a move also locks and frees the old slot.`,
    );
  } finally {
    await app.close();
    await database.close();
  }
}

main().then(
  // The app's timers (session cache, sender wake-ups) would keep the process alive after closing.
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
