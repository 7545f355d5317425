import { access, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  type AuctionBidState,
  type MaxBid,
  minimumNextBid,
  placeMaxBid,
  priceFromMaxBids,
} from '@rebound/core/bidding';
import type { IncrementRule } from '@rebound/core/increments';
import { NOTIFICATION_KINDS } from '@rebound/core/notifications';
import { priceCheckout } from '@rebound/core/pricing';
import { isReturnableLot, saleTermsText } from '@rebound/core/sale-terms';
import { verifyPassword } from 'better-auth/crypto';
import { asc, eq, inArray, or } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase, runMigrations } from '../db/client';
import * as s from '../db/schema';
import { adjustableClock } from '../lib/clock';
import { listSignals } from '../modules/signals';
import {
  buildDemoDataset,
  DEMO_SHOPPERS,
  DEMO_SIGNALS_CAST,
  DEMO_STAFF,
  isDatabaseEmpty,
  type SeedSummary,
  seedDemo,
} from './demo';

const NOW = new Date('2026-03-14T19:00:00Z');
const MINUTE = 60_000;

let database: Database;
let mediaDir: string;
let summary: SeedSummary;

beforeAll(async () => {
  // A fresh in-memory PGlite per file (the shared test-database helper can replace this later).
  database = await openDatabase({});
  await runMigrations(database);
  mediaDir = await mkdtemp(join(tmpdir(), 'rebound-seed-'));
  expect(await isDatabaseEmpty(database.db)).toBe(true);
  summary = await seedDemo(database.db, {
    now: NOW,
    mediaDir,
    staffPassword: 'staff-pass-for-tests',
    shopperPassword: 'shopper-pass-for-tests',
  });
});

afterAll(async () => {
  await database?.close();
  if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
});

describe('seedDemo', () => {
  it('refuses a database that already has data', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    await expect(seedDemo(database.db, { now: NOW, mediaDir })).rejects.toThrow(/not empty/);
  });

  it('creates the Burnaby warehouse with its pickup schedule and a closure', async () => {
    const [location, ...others] = await database.db.select().from(s.locations);
    expect(others).toHaveLength(0);
    expect(location).toMatchObject({
      name: 'Rebound Warehouse — Burnaby',
      province: 'BC',
      isActive: true,
      buyersPremiumBp: 1500,
      pstBp: 700,
      gstBp: 500,
      applyTaxesOnPremium: true,
    });
    expect(location?.pickupInstructions).toBeTruthy();
    const schedule = await database.db
      .select()
      .from(s.pickupSchedules)
      .orderBy(asc(s.pickupSchedules.weekday));
    expect(schedule.map((r) => r.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const row of schedule)
      expect(row).toMatchObject({ opensAt: '10:00:00', closesAt: '18:00:00', slotMinutes: 30, capacity: 4 });
    const closures = await database.db.select().from(s.pickupClosures);
    expect(closures).toHaveLength(1);
    expect(closures[0]!.date > '2026-03-14').toBe(true);
  });

  it('creates the seven categories with lowercase hyphenated slugs', async () => {
    const rows = await database.db.select().from(s.categories).orderBy(asc(s.categories.name));
    expect(rows.map((c) => [c.name, c.slug])).toEqual([
      ['Automotive', 'automotive'],
      ['Beauty & Health', 'beauty-health'],
      ['Clothing', 'clothing'],
      ['Computer & Office', 'computer-office'],
      ['Electronics', 'electronics'],
      ['Food & Grocery', 'food-grocery'],
      ['Garden & Tools', 'garden-tools'],
    ]);
  });

  it('says in each description the terms the lot is sold on (docs/product.md "Sale terms before the bid")', async () => {
    const products = await database.db.select().from(s.products);
    const seen = new Set<string>();
    for (const p of products) {
      seen.add(p.saleTerms);
      const returnable = isReturnableLot(p);
      if (returnable) {
        expect(p.description, p.title).not.toMatch(/final sale|no returns|as is/i);
      } else {
        expect(p.description, p.title).toContain(saleTermsText(p));
        expect(p.description, p.title).not.toMatch(/free return/i);
      }
    }
    expect([...seen].sort()).toEqual(['as_is', 'final_sale', 'standard']);
  });

  it('sells every lot Ava or Ben won or leads as returnable: a live one they lead becomes their order as it ends', async () => {
    const demo = await database.db
      .select({ id: s.users.id })
      .from(s.users)
      .where(inArray(s.users.email, ['ava@rebound.test', 'ben@rebound.test']));
    const ids = demo.map((u) => u.id);
    expect(ids).toHaveLength(2);
    const rows = await database.db
      .select({
        status: s.auctions.status,
        saleTerms: s.products.saleTerms,
        nonReturnableKind: s.products.nonReturnableKind,
      })
      .from(s.auctions)
      .innerJoin(s.products, eq(s.products.id, s.auctions.productId))
      .where(or(inArray(s.auctions.leaderUserId, ids), inArray(s.auctions.winnerUserId, ids)));
    expect(rows.filter((r) => r.status === 'live').length).toBeGreaterThan(0);
    for (const r of rows) expect(isReturnableLot(r)).toBe(true);
  });

  it('creates a large, believable catalogue', async () => {
    const products = await database.db.select().from(s.products);
    expect(products.length).toBeGreaterThanOrEqual(150);
    expect(new Set(products.map((p) => p.slug)).size).toBe(products.length);
    const perCategory = new Map<string | null, number>();
    for (const p of products) {
      perCategory.set(p.categoryId, (perCategory.get(p.categoryId) ?? 0) + 1);
      expect(p.resalePriceCents).toBeLessThan(p.retailPriceCents);
      expect(p.description.split('. ').length).toBeGreaterThanOrEqual(2);
      expect(p.description).toMatch(/grade/i);
      expect(['like_new', 'open_box', 'gently_used']).toContain(p.condition);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    }
    expect(perCategory.size).toBe(7);
    for (const n of perCategory.values()) expect(n).toBeGreaterThanOrEqual(20);
    expect(products.some((p) => p.isFeatured)).toBe(true);
  });

  it('writes 1-3 small SVG photos per product to the media folder', async () => {
    const images = await database.db.select().from(s.productImages);
    const perProduct = new Map<string, number>();
    for (const img of images) perProduct.set(img.productId, (perProduct.get(img.productId) ?? 0) + 1);
    expect(perProduct.size).toBe(summary.counts.products);
    for (const n of perProduct.values()) expect(n >= 1 && n <= 3).toBe(true);
    for (const img of images) {
      expect(img.url).toMatch(/^\/media\/products\/[0-9a-f-]{36}-[1-3]\.svg$/);
      expect(img.url).toContain(img.productId);
      expect(img).toMatchObject({ width: 800, height: 800 });
      expect(img.alt.length).toBeGreaterThan(5);
    }
    for (const img of images.slice(0, 40)) {
      const file = join(mediaDir, img.url.replace(/^\/media\//, ''));
      await access(file);
      const svg = await readFile(file, 'utf8');
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg.length).toBeLessThan(6 * 1024);
    }
    expect(summary.imageFiles).toBe(images.length);
  });

  it('has live, scheduled and ended auctions with sensible times', async () => {
    const rows = await database.db.select().from(s.auctions);
    const products = new Map((await database.db.select().from(s.products)).map((p) => [p.id, p]));
    expect(rows).toHaveLength(products.size);
    const live = rows.filter((a) => a.status === 'live');
    const scheduled = rows.filter((a) => a.status === 'scheduled');
    const ended = rows.filter((a) => a.status === 'ended');
    expect(live.length).toBeGreaterThan(rows.length * 0.5);
    expect(scheduled.length).toBeGreaterThan(rows.length * 0.1);
    expect(ended.length).toBeGreaterThan(rows.length * 0.2);
    const now = NOW.getTime();
    for (const a of live) {
      expect(a.startTime.getTime()).toBeLessThanOrEqual(now);
      expect(a.endTime.getTime()).toBeGreaterThan(now);
      expect(a.endTime.getTime()).toBeLessThan(now + 6.1 * 24 * 60 * MINUTE);
    }
    for (const a of scheduled) expect(a.startTime.getTime()).toBeGreaterThan(now);
    for (const a of ended) {
      expect(a.endTime.getTime()).toBeLessThanOrEqual(now);
      expect(a.closedAt?.getTime()).toBe(a.endTime.getTime());
    }
    for (const a of rows) {
      expect(a.originalEndTime.getTime()).toBe(a.endTime.getTime());
      expect(a.softCloseSeconds).toBe(60);
      const product = products.get(a.productId)!;
      expect(a.startingBidCents).toBeGreaterThanOrEqual(100);
      expect(a.startingBidCents % 100).toBe(0);
      expect(a.startingBidCents).toBeLessThan(product.retailPriceCents);
      const expected = a.status === 'ended' ? (a.winnerUserId ? 'sold' : 'unsold') : 'auctioned';
      expect(product.status).toBe(expected);
    }
    const endingSoon = live.filter((a) => a.endTime.getTime() - now <= 10 * MINUTE);
    expect(endingSoon.length).toBeGreaterThanOrEqual(3);
    expect(summary.auctions.endingWithin10Minutes).toBe(endingSoon.length);
    // "Latest" (by start time) and "ending soonest" pick different auctions.
    const latest = [...live].sort((a, b) => b.startTime.getTime() - a.startTime.getTime()).slice(0, 8);
    const soonest = [...live].sort((a, b) => a.endTime.getTime() - b.endTime.getTime()).slice(0, 8);
    expect(latest.map((a) => a.id)).not.toEqual(soonest.map((a) => a.id));
    expect(rows.some((a) => a.incrementMode === 'table')).toBe(true);
    expect(rows.some((a) => a.reservePriceCents !== null && a.reserveMet)).toBe(true);
    expect(rows.some((a) => a.reservePriceCents !== null && !a.reserveMet)).toBe(true);
  });

  it('keeps every auction consistent with the bidding engine', async () => {
    const auctions = await database.db.select().from(s.auctions);
    const maxBids = await database.db.select().from(s.maxBids);
    const bids = await database.db.select().from(s.bids);
    const bidCounts = new Set<number>();
    for (const a of auctions) {
      const mine = maxBids.filter((m) => m.auctionId === a.id);
      const history = bids
        .filter((b) => b.auctionId === a.id)
        .sort(
          (x, y) =>
            y.amountCents - x.amountCents || y.seq - x.seq || Number(y.isLeaderRow) - Number(x.isLeaderRow),
        );
      expect(new Set(mine.map((m) => m.userId)).size).toBe(mine.length);
      const increment: IncrementRule =
        a.incrementMode === 'table' ? { mode: 'table' } : { mode: 'fixed', cents: a.bidIncrementCents };
      const engineMax: MaxBid[] = mine.map((m) => ({
        userId: m.userId,
        amountCents: m.maxAmountCents,
        setAt: m.setAt.getTime(),
        seq: m.seq,
      }));
      const price = priceFromMaxBids(engineMax, a.startingBidCents, increment, a.reservePriceCents);
      expect(a.currentPriceCents).toBe(price.priceCents ?? a.startingBidCents);
      expect(a.leaderUserId).toBe(price.leaderUserId);
      expect(a.reserveMet).toBe(price.reserveMet);
      expect(a.bidCount).toBe(history.length);
      // One per accepted maximum, plus one for closing (as the close job does).
      expect(a.seq).toBe(Math.max(0, ...mine.map((m) => m.seq)) + (a.status === 'ended' ? 1 : 0));
      bidCounts.add(a.bidCount);
      if (a.status === 'scheduled') expect(history).toHaveLength(0);
      if (history.length > 0) {
        // The top of the public history is the leader at the current price.
        expect(history[0]).toMatchObject({
          userId: a.leaderUserId,
          amountCents: a.currentPriceCents,
          isLeaderRow: true,
        });
        expect(history.every((b) => b.seq <= a.seq && b.createdAt.getTime() <= NOW.getTime())).toBe(true);
        // The rows of one accepted maximum share its seq; the latest rows carry the latest maximum's.
        expect(Math.max(...history.map((b) => b.seq))).toBeLessThanOrEqual(
          Math.max(...mine.map((m) => m.seq)),
        );
        // No public row shows more than that bidder's maximum.
        for (const b of history) {
          const max = mine.find((m) => m.userId === b.userId);
          expect(b.amountCents).toBeLessThanOrEqual(max!.maxAmountCents);
        }
      } else {
        expect(a.leaderUserId).toBeNull();
      }
    }
    // Bid counts vary from none to a couple of dozen, so "hottest" means something.
    expect(bidCounts.has(0)).toBe(true);
    expect(Math.max(...bidCounts)).toBeGreaterThanOrEqual(15);
    expect(Math.max(...bidCounts)).toBeLessThanOrEqual(30);
  });

  it('lets the engine carry on bidding from the seeded state', async () => {
    const live = await database.db.select().from(s.auctions).where(eq(s.auctions.status, 'live'));
    const maxBids = await database.db.select().from(s.maxBids);
    const [newcomer] = await database.db
      .select()
      .from(s.users)
      .where(eq(s.users.email, 'jonah@rebound.test'));
    for (const a of live.slice(0, 40)) {
      const mine = maxBids.filter((m) => m.auctionId === a.id);
      // Read the way the bidding service reads an auction row and its maximums.
      const state: AuctionBidState = {
        startingBidCents: a.startingBidCents,
        increment:
          a.incrementMode === 'table' ? { mode: 'table' } : { mode: 'fixed', cents: a.bidIncrementCents },
        reserveCents: a.reservePriceCents,
        softCloseSeconds: a.softCloseSeconds,
        startTime: a.startTime.getTime(),
        endTime: a.endTime.getTime(),
        maxBids: mine.map((m) => ({
          userId: m.userId,
          amountCents: m.maxAmountCents,
          setAt: m.setAt.getTime(),
          seq: m.seq,
        })),
        priceCents: a.leaderUserId ? a.currentPriceCents : null,
        leaderUserId: a.leaderUserId,
        bidCount: a.bidCount,
        nextSeq: Math.max(0, ...mine.map((m) => m.seq)) + 1,
      };
      const own = mine.find((m) => m.userId === newcomer!.id)?.maxAmountCents ?? 0;
      const leaderMax = Math.max(0, ...mine.map((m) => m.maxAmountCents));
      const amount = Math.max(minimumNextBid(state), own + 100, leaderMax + 100);
      const result = placeMaxBid(state, { userId: newcomer!.id, amountCents: amount, at: NOW.getTime() });
      expect(result.ok).toBe(true);
      if (result.ok) {
        expect(result.outcome.state.leaderUserId).toBe(newcomer!.id);
        expect(result.outcome.state.priceCents!).toBeGreaterThanOrEqual(a.currentPriceCents);
      }
    }
  });

  it('makes exactly one order per ended auction with a winner', async () => {
    const auctions = await database.db.select().from(s.auctions).where(eq(s.auctions.status, 'ended'));
    const orders = await database.db.select().from(s.orders);
    expect(orders.length).toBeGreaterThan(0);
    for (const a of auctions) {
      const mine = orders.filter((o) => o.auctionId === a.id);
      if (a.winnerUserId === null) {
        expect(mine).toHaveLength(0);
        continue;
      }
      expect(a.winnerUserId).toBe(a.leaderUserId);
      expect(a.reserveMet).toBe(true);
      expect(mine).toHaveLength(1);
      const order = mine[0]!;
      expect(order.userId).toBe(a.winnerUserId);
      expect(order.finalAmountCents).toBe(a.currentPriceCents);
      expect(order.paymentDueAt.getTime()).toBe(a.endTime.getTime() + 72 * 60 * MINUTE);
      if (order.status === 'pending') expect(order.paidAt).toBeNull();
      else expect(order.paidAt).not.toBeNull();
    }
    const statuses = new Set(orders.map((o) => o.status));
    expect(statuses.has('pending')).toBe(true);
    expect(statuses.has('paid')).toBe(true);
    expect(orders.filter((o) => o.status === 'completed')).toHaveLength(1);
    expect(auctions.some((a) => a.winnerUserId === null && a.bidCount === 0)).toBe(true);
  });

  it('creates the demo users with working passwords', async () => {
    const users = await database.db.select().from(s.users);
    // The staff account, the demo shoppers, and the Signals page's ring and script (DEMO_SIGNALS_CAST).
    expect(users).toHaveLength(1 + DEMO_SHOPPERS.length + Object.keys(DEMO_SIGNALS_CAST).length);
    const staff = users.find((u) => u.email === DEMO_STAFF.email)!;
    expect(staff).toMatchObject({ role: 'staff', handle: 'rebound-staff' });
    for (const u of users) {
      expect(u.phoneNumber).toMatch(/^\+1604555\d{4}$/);
      expect(u.locationId).not.toBeNull();
      expect(u.termsAcceptedAt).not.toBeNull();
      expect(u.notificationSettings).toEqual({});
      expect(u.firstName && u.lastName && u.fullName).toBeTruthy();
    }
    const accounts = await database.db.select().from(s.accounts);
    expect(accounts).toHaveLength(users.length);
    const staffAccount = accounts.find((a) => a.userId === staff.id)!;
    expect(staffAccount).toMatchObject({ providerId: 'credential', accountId: staff.id });
    expect(await verifyPassword({ hash: staffAccount.password!, password: 'staff-pass-for-tests' })).toBe(
      true,
    );
    const ava = users.find((u) => u.email === 'ava@rebound.test')!;
    const avaAccount = accounts.find((a) => a.userId === ava.id)!;
    expect(await verifyPassword({ hash: avaAccount.password!, password: 'shopper-pass-for-tests' })).toBe(
      true,
    );
    expect(summary.credentials.find((c) => c.email === 'ava@rebound.test')?.password).toBe(
      'shopper-pass-for-tests',
    );
  });

  it('gives the main demo shopper something to see', async () => {
    const [ava] = await database.db.select().from(s.users).where(eq(s.users.email, 'ava@rebound.test'));
    const orders = await database.db.select().from(s.orders).where(eq(s.orders.userId, ava!.id));
    expect(orders.some((o) => o.status === 'pending')).toBe(true);
    expect(orders.some((o) => o.status === 'pickup_scheduled')).toBe(true);
    const live = await database.db.select().from(s.auctions).where(eq(s.auctions.status, 'live'));
    expect(live.some((a) => a.leaderUserId === ava!.id)).toBe(true);
    const notes = await database.db.select().from(s.notifications).where(eq(s.notifications.userId, ava!.id));
    const outbid = notes.filter(
      (n) => n.kind === 'outbid_alerts' && n.message.startsWith("You've been outbid on"),
    );
    expect(outbid.length).toBeGreaterThan(0);
    expect(notes.some((n) => n.kind === 'auction_won' && n.message.startsWith('You won'))).toBe(true);
    const allNotes = await database.db.select().from(s.notifications);
    for (const n of allNotes) expect(NOTIFICATION_KINDS).toContain(n.kind);
    expect(allNotes.some((n) => !n.isRead)).toBe(true);
    expect(allNotes.some((n) => n.isRead)).toBe(true);
    const watch = await database.db.select().from(s.watchlist).where(eq(s.watchlist.userId, ava!.id));
    expect(watch.length).toBeGreaterThanOrEqual(2);
    const appointments = await database.db.select().from(s.pickupAppointments);
    expect(appointments.length).toBeGreaterThanOrEqual(1);
    expect(await database.db.select().from(s.listSignups)).toHaveLength(1);
  });

  it('gives the checkout demo its orders: unpaid ones for Ava and Ben, a paid one to book, a completed one', async () => {
    const users = await database.db.select().from(s.users);
    const orders = await database.db.select().from(s.orders);
    const of = (email: string) => orders.filter((o) => o.userId === users.find((u) => u.email === email)!.id);
    const ava = of('ava@rebound.test');
    const avaUnpaid = ava.filter((o) => o.status === 'pending');
    expect(avaUnpaid.length).toBeGreaterThanOrEqual(2);
    // One within a few hours of its 72-hour deadline, none past it.
    const left = avaUnpaid.map((o) => o.paymentDueAt.getTime() - NOW.getTime());
    expect(left.every((ms) => ms > 0)).toBe(true);
    expect(left.some((ms) => ms < 4 * 60 * MINUTE)).toBe(true);
    expect(ava.filter((o) => o.status === 'paid').length).toBeGreaterThanOrEqual(1);
    expect(ava.filter((o) => o.status === 'completed')).toHaveLength(1);
    expect(of('ben@rebound.test').filter((o) => o.status === 'pending').length).toBeGreaterThanOrEqual(2);
  });

  it('records every paid order with a checkout session and a payment that price it as core does', async () => {
    const orders = await database.db.select().from(s.orders);
    const sessions = await database.db.select().from(s.checkoutSessions);
    const payments = await database.db.select().from(s.payments);
    const links = await database.db.select().from(s.checkoutSessionOrders);
    const provider = await database.db.select().from(s.testCheckoutPayments);
    const paid = orders.filter((o) => o.status !== 'pending');
    expect(paid.length).toBeGreaterThan(0);
    expect(payments).toHaveLength(sessions.length);
    for (const order of paid) {
      const session = sessions.find((cs) => cs.id === order.checkoutSessionId)!;
      expect(session).toMatchObject({ status: 'paid', userId: order.userId });
      const price = priceCheckout(order.finalAmountCents);
      expect(session).toMatchObject(price);
      expect(order).toMatchObject({
        premiumCents: price.premiumCents,
        pstCents: price.pstCents,
        gstCents: price.gstCents,
        totalCents: price.totalCents,
      });
      expect(links.filter((l) => l.checkoutSessionId === session.id)).toEqual([
        { checkoutSessionId: session.id, orderId: order.id, amountCents: order.finalAmountCents },
      ]);
      const payment = payments.find((p) => p.checkoutSessionId === session.id)!;
      expect(payment).toMatchObject({
        ...price,
        userId: order.userId,
        provider: 'test',
        status: 'paid',
        providerSessionId: session.providerSessionId,
        providerPaymentId: session.providerPaymentId,
      });
      expect(payment.paidAt.getTime()).toBe(order.paidAt!.getTime());
      expect(provider.find((p) => p.providerSessionId === session.providerSessionId)).toMatchObject({
        paymentId: session.providerPaymentId,
        amountCents: price.totalCents,
        status: 'paid',
      });
    }
  });
});

describe('seedDemo and the staff Signals page', () => {
  it('records every maximum placed; the ring and the script fire, the honest demo shoppers raise none', async () => {
    const placements = await database.db.select().from(s.bidPlacements);
    const maxes = await database.db.select().from(s.maxBids);
    expect(placements.length).toBeGreaterThanOrEqual(maxes.length);
    const found = await listSignals(database.db, adjustableClock(NOW));
    const kinds = new Map(found.items.map((a) => [a.account.handle, a.signals.map((x) => x.kind).sort()]));
    expect(kinds.get(DEMO_SIGNALS_CAST.ringPusher.handle)).toEqual(['linked_bidders', 'price_pushing']);
    expect(kinds.get(DEMO_SIGNALS_CAST.ringWinner.handle)).toEqual(['linked_bidders']);
    expect(kinds.get(DEMO_SIGNALS_CAST.scripted.handle)).toEqual(['scripted_spacing']);
    const honest = new Set<string>([DEMO_STAFF.handle, ...DEMO_SHOPPERS.map((u) => u.handle)]);
    expect(found.items.filter((a) => honest.has(a.account.handle)).map((a) => a.account.handle)).toEqual([]);
  });
});

describe('buildDemoDataset', () => {
  it('has items of several units: some won and paid (Sold before), others live or upcoming (More of this item)', async () => {
    expect(summary.items.length).toBeGreaterThanOrEqual(5);
    const products = await database.db.select().from(s.products);
    const auctions = await database.db.select().from(s.auctions);
    const orders = await database.db.select().from(s.orders);
    const paid = new Set(
      orders.filter((o) => o.status !== 'pending' && o.status !== 'cancelled').map((o) => o.auctionId),
    );
    for (const item of summary.items) {
      const units = products.filter((p) => p.itemKey === item.itemKey);
      expect(units.length).toBeGreaterThanOrEqual(3);
      expect(units.length).toBeLessThanOrEqual(12);
      for (const p of units) expect(p.title).toBe(item.title);
      expect(units.every((p) => p.gtin !== null || p.model !== null)).toBe(true);
      const lots = auctions.filter((a) => a.productItemKey === item.itemKey);
      expect(lots.some((a) => a.status === 'ended' && paid.has(a.id))).toBe(true);
      expect(
        lots.filter((a) => a.status === 'live' || a.status === 'scheduled').length,
      ).toBeGreaterThanOrEqual(2);
      expect(item.sold.length + item.live.length + item.scheduled.length).toBe(units.length);
    }
    // Lots Ava or Ben lead or won keep their own titles: none is a unit of an item.
    const [ava, ben] = await database.db
      .select()
      .from(s.users)
      .where(inArray(s.users.email, ['ava@rebound.test', 'ben@rebound.test']));
    const story = new Set([ava!.id, ben!.id]);
    const keys = new Set(summary.items.map((i) => i.itemKey));
    for (const a of auctions)
      if (story.has(a.leaderUserId ?? '') || story.has(a.winnerUserId ?? ''))
        expect(keys.has(a.productItemKey ?? '')).toBe(false);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = buildDemoDataset({ now: NOW, staffPasswordHash: 'h1', shopperPasswordHash: 'h2' });
    const b = buildDemoDataset({ now: NOW, staffPasswordHash: 'h1', shopperPasswordHash: 'h2' });
    const c = buildDemoDataset({ now: NOW, seed: 7, staffPasswordHash: 'h1', shopperPasswordHash: 'h2' });
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    expect(c.products.map((p) => p.slug)).not.toEqual(a.products.map((p) => p.slug));
  });
});
