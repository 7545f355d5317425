// (e) The checkout path on PostgreSQL: create a checkout for one order (cart rebuilt and priced from
// the database, checkout_sessions + checkout_session_orders, the provider's session) and confirm it
// (the test checkout's payment, then the one sync: row locks, order paid with its share, payments
// row, receipt notice and outbox), one after another, N times; against a bare insert of the same
// rows (checkout_sessions, checkout_session_orders, payments, the order update) in one transaction
// per operation, in the same script. The services run in this process on the real database.
// Run: npx tsx bench/checkout.bench.ts [--n 500]
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { eq, sql } from 'drizzle-orm';
import { recordTestPayment, testPaymentProvider } from '../apps/server/src/adapters/payments/test';
import { checkoutSessions, orders, payments, users } from '../apps/server/src/db/schema';
import type { SessionUser } from '../apps/server/src/lib/auth-context';
import { systemClock } from '../apps/server/src/lib/clock';
import type { Publisher } from '../apps/server/src/lib/publish';
import { type CheckoutDeps, createCheckout, syncCheckoutSession } from '../apps/server/src/modules/checkout';
import { createTestDatabase } from '../apps/server/test/database';
import { makeLocation, makeUser } from '../apps/server/test/factories';
import { makeOrder } from '../apps/server/test/won-orders';
import { cli, fmt, machine, PG_URL, summary, writeSection } from './lib';

const arg = cli.number;
const N = arg('n', 500);
/** No socket listens in this script: the services' events go nowhere. */
const publishNothing: Publisher = async () => {};
const WARMUP = 20;
const SHOPPERS = 20;
const PRICE_CENTS = 12_500;
process.env.TEST_DATABASE_URL = PG_URL;

async function main() {
  const loadStart = os.loadavg()[0]!;
  const database = await createTestDatabase();
  const db = database.db;
  try {
    const now = new Date();
    const location = await makeLocation(db);
    const shoppers: SessionUser[] = [];
    for (let i = 0; i < SHOPPERS; i++) {
      const u = await makeUser(db, { email: `checkout${i}@bench.test`, handle: `checkout_${i}` });
      await db.update(users).set({ locationId: location.id }).where(eq(users.id, u.id));
      shoppers.push({
        id: u.id,
        email: u.email,
        handle: u.handle,
        role: 'shopper' as const,
        status: 'active' as const,
      });
    }
    // One pending order per operation (checkout path, warm-up and baseline each get their own).
    const total = 2 * (N + WARMUP + 1);
    const pending: { orderId: string; userId: string }[] = [];
    for (let i = 0; i < total; i++) {
      const userId = shoppers[i % SHOPPERS]!.id;
      const { order } = await makeOrder(db, {
        now,
        userId,
        locationId: location.id,
        amountCents: PRICE_CENTS,
      });
      pending.push({ orderId: order.id, userId });
    }
    const forPath = pending.slice(0, N + WARMUP + 1);
    const forBaseline = pending.slice(N + WARMUP + 1);

    const deps: CheckoutDeps = {
      db,
      clock: systemClock,
      provider: testPaymentProvider({ publicUrl: 'http://127.0.0.1:3000', db, clock: systemClock }),
      publicUrl: 'http://127.0.0.1:3000',
      publish: publishNothing,
      sightingSecret: 'bench-secret-bench-secret-bench-secret-0123',
    };

    // The rates and amounts a one-order checkout at this location comes to (the baseline writes the same).
    const q = await (async () => {
      const probe = forPath[0]!;
      const user = shoppers.find((s) => s.id === probe.userId)!;
      const created = await createCheckout(deps, user, [probe.orderId]);
      const [row] = await db
        .select()
        .from(checkoutSessions)
        .where(eq(checkoutSessions.providerSessionId, created.sessionId));
      // Settle the probe like any other operation so the counts below add up.
      await recordTestPayment(db, new Date(), {
        providerSessionId: created.sessionId,
        amountCents: created.totals.totalCents,
        cardLast4: '4242',
      });
      await syncCheckoutSession(deps, created.sessionId);
      return row!;
    })();

    // ── the checkout path: create, pay at the test provider, sync ──
    async function checkoutPath(i: number, p: { orderId: string; userId: string }) {
      const user = shoppers.find((s) => s.id === p.userId)!;
      const t0 = performance.now();
      const created = await createCheckout(deps, user, [p.orderId]);
      await recordTestPayment(db, new Date(), {
        providerSessionId: created.sessionId,
        amountCents: created.totals.totalCents,
        cardLast4: '4242',
      });
      const result = await syncCheckoutSession(deps, created.sessionId);
      const ms = performance.now() - t0;
      if (result?.status !== 'paid' || !result.changed)
        throw new Error(`checkout ${i} not paid: ${JSON.stringify(result)}`);
      return ms;
    }

    // ── baseline: the same rows, written directly, one transaction per operation ──
    async function bareInsert(i: number, p: { orderId: string; userId: string }) {
      const t0 = performance.now();
      await db.transaction(async (tx) => {
        const at = new Date();
        const providerSessionId = `cs_bench_${randomBytes(12).toString('hex')}`;
        const [session] = await tx
          .insert(checkoutSessions)
          .values({
            userId: p.userId,
            locationId: location.id,
            provider: 'test',
            providerSessionId,
            status: 'paid',
            subtotalCents: q.subtotalCents,
            premiumCents: q.premiumCents,
            pstCents: q.pstCents,
            gstCents: q.gstCents,
            totalCents: q.totalCents,
            buyersPremiumBp: q.buyersPremiumBp,
            pstBp: q.pstBp,
            gstBp: q.gstBp,
            applyTaxesOnPremium: q.applyTaxesOnPremium,
            providerPaymentId: `pi_bench_${i}`,
            expiresAt: new Date(at.getTime() + 3_600_000),
            paidAt: at,
          })
          .returning({ id: checkoutSessions.id });
        await tx.execute(
          sql`insert into checkout_session_orders (checkout_session_id, order_id, amount_cents) values (${session!.id}, ${p.orderId}, ${PRICE_CENTS})`,
        );
        await tx.insert(payments).values({
          checkoutSessionId: session!.id,
          userId: p.userId,
          provider: 'test',
          providerSessionId,
          providerPaymentId: `pi_bench_${i}`,
          subtotalCents: q.subtotalCents,
          premiumCents: q.premiumCents,
          pstCents: q.pstCents,
          gstCents: q.gstCents,
          totalCents: q.totalCents,
          paidAt: at,
        });
        await tx
          .update(orders)
          .set({
            status: 'paid',
            checkoutSessionId: session!.id,
            premiumCents: q.premiumCents,
            pstCents: q.pstCents,
            gstCents: q.gstCents,
            totalCents: q.totalCents,
            paidAt: at,
          })
          .where(eq(orders.id, p.orderId));
      });
      return performance.now() - t0;
    }

    // Interleaved, one of each in turn, so both see the same machine (other work, cache, autovacuum).
    const pathMs: number[] = [];
    const baselineMs: number[] = [];
    for (let i = 1; i < forPath.length; i++) {
      const a = await checkoutPath(i, forPath[i]!);
      const b = await bareInsert(i, forBaseline[i]!);
      if (i > WARMUP) {
        pathMs.push(a);
        baselineMs.push(b);
      }
    }
    // The baseline's first order (index 0) is left over: pay it too so the counts add up.
    await bareInsert(0, forBaseline[0]!);

    const counts = (await db.execute(sql`
      select (select count(*)::int from orders where status = 'paid') as paid,
             (select count(*)::int from payments) as payments,
             (select count(*)::int from notifications) as notices
    `)) as unknown as { rows: { paid: number; payments: number; notices: number }[] };
    const { paid, payments: paymentRows, notices } = counts.rows[0]!;
    if (paid !== total || paymentRows !== total)
      throw new Error(`expected ${total} paid orders and payments`);

    const a = summary(pathMs);
    const b = summary(baselineMs);
    const line =
      `checkout path (create + pay + sync) p50 ${fmt(a.p50)} ms, p99 ${fmt(a.p99)} ms; ` +
      `bare insert p50 ${fmt(b.p50)} ms, p99 ${fmt(b.p99)} ms; ratio p50 ${fmt(a.p50 / b.p50, 1)}×, p99 ${fmt(a.p99 / b.p99, 1)}×`;
    console.log(line);
    writeSection(
      'checkout',
      `## (e) Checkout: create and confirm one order's payment, against a bare insert

\`npx tsx bench/checkout.bench.ts\` on PostgreSQL 15 (local, default settings), ${machine()}, ${new Date().toISOString().slice(0, 10)}.
${N} operations of each kind, one at a time and interleaved (after ${WARMUP} warm-up ones), each for its own pending order of
$${(PRICE_CENTS / 100).toFixed(2)}, ${SHOPPERS} shoppers; the services run in the script's process on the real database.
Load average during the run: ${loadStart.toFixed(1)} at the start, ${os.loadavg()[0]!.toFixed(1)} at the end (two cores; other work on the machine moves the absolute figures, the interleaving keeps the ratio fair).

| | operations | p50 | p99 | max |
|---|---|---|---|---|
| checkout path: \`createCheckout\` + the test checkout's payment + \`syncCheckoutSession\` | ${a.n} | **${fmt(a.p50)} ms** | **${fmt(a.p99)} ms** | ${fmt(a.max)} ms |
| baseline: one transaction inserting checkout_sessions, checkout_session_orders, payments and updating the order | ${b.n} | ${fmt(b.p50)} ms | ${fmt(b.p99)} ms | ${fmt(b.max)} ms |
| ratio | | ${fmt(a.p50 / b.p50, 1)}× | ${fmt(a.p99 / b.p99, 1)}× | |

The checkout path does more than the rows it leaves: it rebuilds the cart from the database (the
shopper's location and rates, the orders with their auctions and products) and prices it, writes the
session in one transaction and its provider id in another, records the test provider's payment,
then syncs: reads the session and its orders, asks the provider, and in one transaction locks the
session and the orders (\`FOR UPDATE\`), marks the order paid with its share, writes the payments row
and the receipt (in-app notice and outbox email). ${paid} orders paid, ${paymentRows} payments rows, ${notices} receipt notices
(the baseline writes none). With Stripe the provider's two calls (create, retrieve) are network
round trips to Stripe on top of this.`,
    );
  } finally {
    await database.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
