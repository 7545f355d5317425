// The staff auction helpers the back-office auction tests and the second-chance offer tests share:
// scheduling through the API, bidding, and an auction whose winner did not pay.
import type { AdminAuctionDetail } from '@rebound/contract/admin-auctions';
import { API } from '@rebound/contract/routes';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, orders } from '../src/db/schema';
import { closeDueAuctions, openDueAuctions } from '../src/modules/auctions';
import { runPaymentDeadlines } from '../src/modules/orders';
import type { SignedInUser } from './auth';
import { makeProduct } from './factories';
import type { TestApp } from './harness';

export const MIN = 60_000;
export const HOUR = 60 * MIN;

export const as = (who: SignedInUser | null) => (who ? { cookie: who.cookie } : {});
export const iso = (ms: number) => new Date(ms).toISOString();

/** `ctx()` gives the acting staff member and the location, set in the test file's beforeAll. */
export function staffAuctions(t: TestApp, ctx: () => { staff: SignedInUser; locationId: string }) {
  function settings(over: Record<string, unknown> = {}) {
    const now = t.clock.now().getTime();
    return {
      startTime: iso(now + 10 * MIN),
      endTime: iso(now + 24 * HOUR),
      startingBidCents: 1_000,
      incrementMode: 'fixed',
      bidIncrementCents: 100,
      reservePriceCents: null,
      softCloseSeconds: 60,
      locationId: ctx().locationId,
      ...over,
    };
  }

  function post(url: string, payload: unknown, who: SignedInUser | null = ctx().staff) {
    return t.app.inject({ method: 'POST', url, headers: as(who), payload: payload as object });
  }

  async function schedule(productId: string, over: Record<string, unknown> = {}) {
    const res = await post(API.adminAuctions, { ...settings(over), productId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AdminAuctionDetail>();
  }

  async function auditOf(entityId: string, action: string) {
    return t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, entityId), eq(auditLog.action, action)));
  }

  function bid(auctionId: string, amount: string, who: SignedInUser) {
    return t.app.inject({
      method: 'POST',
      url: API.auctionBids(auctionId),
      headers: { cookie: who.cookie, 'idempotency-key': crypto.randomUUID() },
      payload: { amount },
    });
  }

  /** A live auction (started a minute ago) with the given maximum bids placed in order. */
  async function liveWithBids(maxes: [SignedInUser, string][], over: Record<string, unknown> = {}) {
    const product = await makeProduct(t.db, { status: 'draft' });
    const a = await schedule(product.id, { startTime: iso(t.clock.now().getTime()), ...over });
    await openDueAuctions(t.db, t.clock.now(), t.app.deps.publish);
    for (const [who, amount] of maxes) {
      const res = await bid(a.id, amount, who);
      expect(res.statusCode, res.body).toBeLessThan(300);
    }
    return { product, auction: a };
  }

  /** A live auction won by `winner` whose order is then cancelled for non-payment. */
  async function unpaidAuction(bidders: [SignedInUser, string][]) {
    const { product, auction } = await liveWithBids(bidders, {
      endTime: iso(t.clock.now().getTime() + 2 * MIN),
    });
    t.clock.advance(3 * MIN);
    await closeDueAuctions(t.db, t.clock.now(), t.app.deps.publish);
    t.clock.advance(73 * HOUR);
    await runPaymentDeadlines(t.db, t.clock.now(), t.app.deps.publish);
    const [order] = await t.db.select().from(orders).where(eq(orders.auctionId, auction.id));
    expect(order?.status).toBe('cancelled');
    return { product, auction };
  }

  return { settings, post, schedule, auditOf, bid, liveWithBids, unpaidAuction };
}
