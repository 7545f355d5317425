// Demo data: a believable store (one Burnaby warehouse, the seven categories, ~190 returned and
// overstock products with drawn photos, demo shoppers and staff, live / scheduled / ended auctions with
// bid histories produced by the real bidding engine, orders, pickups, notifications).
//
// Deterministic: the same seed and `now` give the same rows (ids included). Every time is relative to
// `opts.now`, so a demo seeded today has auctions ending in the next minutes.

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  type AuctionBidState,
  initialBidState,
  isReserveMet,
  minimumNextBid,
  placeMaxBid,
} from '@rebound/core/bidding';
import { type IncrementRule, incrementAt } from '@rebound/core/increments';
import { itemKey, modelKey } from '@rebound/core/item-identity';
import { SOLD_BEFORE_ORDER_STATUSES } from '@rebound/core/item-lots';
import { formatCents } from '@rebound/core/money';
import type { NotificationKind } from '@rebound/core/notifications';
import { pickupShortCode } from '@rebound/core/pickup';
import { DEFAULT_TAX_CONFIG, priceCheckout, type TaxConfig } from '@rebound/core/pricing';
import {
  isReturnableLot,
  type LotTerms,
  type NonReturnableKind,
  type SaleTerms,
  saleTermsText,
} from '@rebound/core/sale-terms';
import {
  PAYMENT_WINDOW_HOURS,
  PICKUP_WINDOW_DAYS,
  RETURN_WINDOW_DAYS,
  SHOP_TIME_ZONE,
} from '@rebound/core/time';
import { hashPassword } from 'better-auth/crypto';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db, DbOrTx } from '../db/client';
import * as s from '../db/schema';
import { CATEGORIES, INSPECTION_NOTES, PRODUCTS } from './catalog';
import { type CategorySlug, pickStyle, renderIllustration } from './illustrations';
import { chunk, createRng, hashString, type Rng, slugify } from './random';
import { addDays, vancouverDate, vancouverLabel, vancouverTime, weekdayOf } from './vancouver';

export const DEMO_SEED = 20260314;
export const DEFAULT_STAFF_PASSWORD = 'staff-demo-2026';
export const DEFAULT_SHOPPER_PASSWORD = 'shopper-demo-2026';

export const DEMO_LOCATION = {
  name: 'Rebound Warehouse — Burnaby',
  slug: 'burnaby-warehouse',
  addressLine1: '8035 North Fraser Way, Unit 110',
  city: 'Burnaby',
  province: 'BC',
  postalCode: 'V5J 5M8',
  timeZone: SHOP_TIME_ZONE,
  isActive: true,
  // core's defaults: the demo warehouse charges the rates a location without its own would.
  ...DEFAULT_TAX_CONFIG,
  pickupInstructions:
    'Use the rear loading bay off North Fraser Way and follow the Rebound signs to Door 4. Bring ' +
    'government-issued photo ID and your order number. Staff can help load items up to 25 kg; for ' +
    'furniture-sized items, bring a helper and a vehicle that fits them. Free parking in bays 12-20.',
} as const;

export const DEMO_STAFF = {
  email: 'staff@rebound.test',
  handle: 'rebound-staff',
  firstName: 'Morgan',
  lastName: 'Reyes',
} as const;

export const DEMO_SHOPPERS = [
  { email: 'ava@rebound.test', handle: 'ava_b', firstName: 'Ava', lastName: 'Bennett' },
  { email: 'ben@rebound.test', handle: 'ben_t', firstName: 'Ben', lastName: 'Tremblay' },
  { email: 'chloe@rebound.test', handle: 'chloe_n', firstName: 'Chloe', lastName: 'Nguyen' },
  { email: 'dev@rebound.test', handle: 'dev_p', firstName: 'Dev', lastName: 'Patel' },
  { email: 'emma@rebound.test', handle: 'emma_w', firstName: 'Emma', lastName: 'Wilson' },
  { email: 'felix@rebound.test', handle: 'felix_c', firstName: 'Felix', lastName: 'Chen' },
  { email: 'grace@rebound.test', handle: 'grace_s', firstName: 'Grace', lastName: 'Singh' },
  { email: 'hiro@rebound.test', handle: 'hiro_t', firstName: 'Hiro', lastName: 'Tanaka' },
  { email: 'isla@rebound.test', handle: 'isla_m', firstName: 'Isla', lastName: 'MacDonald' },
  { email: 'jonah@rebound.test', handle: 'jonah_r', firstName: 'Jonah', lastName: 'Roy' },
] as const;

export interface SeedDemoOptions {
  now: Date;
  /** Where product images are written (`${mediaDir}/products/...`), served at /media. */
  mediaDir: string;
  staffPassword?: string;
  shopperPassword?: string;
  /** PRNG seed; the default gives the standard demo. */
  seed?: number;
}

export interface DemoCredential {
  email: string;
  handle: string;
  password: string;
  role: 'staff' | 'shopper';
}

export interface SeedSummary {
  now: string;
  locationId: string;
  counts: Record<string, number>;
  auctions: { live: number; scheduled: number; ended: number; endingWithin10Minutes: number };
  imageFiles: number;
  credentials: DemoCredential[];
  /** Items of several units: 'More of this item' and 'Sold before' on their pages. */
  items: DemoItem[];
}

type Insert<T extends PgTable> = T['$inferInsert'];

/** Everything the demo inserts, built in memory first (pure given the seed, `now` and password hashes). */
export interface DemoDataset {
  location: Insert<typeof s.locations> & { id: string };
  pickupSchedules: Insert<typeof s.pickupSchedules>[];
  pickupClosures: Insert<typeof s.pickupClosures>[];
  users: (Insert<typeof s.users> & { id: string })[];
  accounts: Insert<typeof s.accounts>[];
  categories: (Insert<typeof s.categories> & { id: string })[];
  products: (Insert<typeof s.products> & { id: string })[];
  productImages: Insert<typeof s.productImages>[];
  auctions: (Insert<typeof s.auctions> & { id: string })[];
  maxBids: Insert<typeof s.maxBids>[];
  bids: Insert<typeof s.bids>[];
  /** Every maximum placed, as the bid path records it for the signals (schema bidPlacements). */
  bidPlacements: Insert<typeof s.bidPlacements>[];
  checkoutSessions: Insert<typeof s.checkoutSessions>[];
  orders: (Insert<typeof s.orders> & { id: string })[];
  checkoutSessionOrders: Insert<typeof s.checkoutSessionOrders>[];
  payments: Insert<typeof s.payments>[];
  testCheckoutPayments: Insert<typeof s.testCheckoutPayments>[];
  pickupSlots: Insert<typeof s.pickupSlots>[];
  pickupAppointments: Insert<typeof s.pickupAppointments>[];
  pickupAppointmentOrders: Insert<typeof s.pickupAppointmentOrders>[];
  notifications: Insert<typeof s.notifications>[];
  watchlist: Insert<typeof s.watchlist>[];
  listSignups: Insert<typeof s.listSignups>[];
  /** The demo ring's shared browser (the staff's Signals page shows it): keyed hashes, as sign-in records. */
  accountSightings: Insert<typeof s.accountSightings>[];
  /** Relative to mediaDir. */
  files: { path: string; content: string }[];
  /** The items sold as several units (decision 092). */
  items: DemoItem[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

const GRADE: Record<'like_new' | 'open_box' | 'gently_used', string> = {
  like_new: 'A',
  open_box: 'A-',
  gently_used: 'B',
};

/** No bid, maximum or starting price here has cents: shoppers type whole dollars. */
const roundUpToDollar = (cents: number) => Math.ceil(cents / 100) * 100;
const roundToDollar = (cents: number) => Math.max(100, Math.round(cents / 100) * 100);
const floorToMinute = (ms: number) => Math.floor(ms / MINUTE) * MINUTE;

export async function isDatabaseEmpty(db: DbOrTx): Promise<boolean> {
  const rows = rowsOf<{ n: number }>(
    await db.execute(
      sql`select ((select count(*) from ${s.locations}) + (select count(*) from ${s.users}))::int as n`,
    ),
  );
  return Number(rows[0]?.n ?? 0) === 0;
}

/** node-postgres returns { rows }, PGlite returns { rows } too; drizzle's types differ per driver. */
function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

// ---------------------------------------------------------------------------------------------
// Bidding simulation: random maximums fed through the real engine (packages/core/src/bidding.ts).

interface Closer {
  userId: string;
  /** Maximum as a fraction of the auction's market value (above 1 wins against the random bidders). */
  factor: number;
}

interface BidPlan {
  bidders: string[];
  placements: number;
  /** What the item is "worth" to the random bidders: their maximums never exceed it. */
  marketCents: number;
  closers: Closer[];
  from: number;
  to: number;
}

interface SimulatedBids {
  state: AuctionBidState;
  bids: Insert<typeof s.bids>[];
  maxBids: Insert<typeof s.maxBids>[];
  placements: Insert<typeof s.bidPlacements>[];
  /** When each user was last outbid, and the price just after. */
  outbidAt: Map<string, { at: number; priceCents: number }>;
  lastActivity: number | null;
}

function simulateBidding(
  rng: Rng,
  auctionId: string,
  initial: AuctionBidState,
  plan: BidPlan,
): SimulatedBids {
  let state = initial;
  const bids: Insert<typeof s.bids>[] = [];
  const placements: Insert<typeof s.bidPlacements>[] = [];
  const firstSetAt = new Map<string, number>();
  const outbidAt = new Map<string, { at: number; priceCents: number }>();
  let lastActivity: number | null = null;
  const total = plan.placements + plan.closers.length;
  // Activity picks up toward the end of an auction: skew the times later.
  const times = Array.from({ length: total }, () =>
    Math.floor(plan.from + (plan.to - plan.from) * Math.sqrt(rng.next())),
  ).sort((a, b) => a - b);

  const place = (userId: string, amountCents: number, at: number) => {
    const result = placeMaxBid(state, { userId, amountCents, at });
    if (!result.ok) return false;
    const seq = state.nextSeq;
    const { outcome } = result;
    const priceThen = state.priceCents ?? state.startingBidCents;
    placements.push({
      auctionId,
      userId,
      maxCents: amountCents,
      minimumCents: minimumNextBid(state),
      stepCents: incrementAt(priceThen, state.increment),
      leaderAfter: outcome.state.leaderUserId,
      seq,
      placedAt: new Date(at),
    });
    for (const row of outcome.historyRows) {
      bids.push({
        id: rng.uuid(),
        auctionId,
        userId: row.userId,
        amountCents: row.amountCents,
        isLeaderRow: row.kind === 'leading',
        seq,
        createdAt: new Date(at),
      });
    }
    for (const u of outcome.outbidUserIds) outbidAt.set(u, { at, priceCents: outcome.state.priceCents ?? 0 });
    if (!firstSetAt.has(userId)) firstSetAt.set(userId, at);
    state = outcome.state;
    lastActivity = at;
    return true;
  };

  let t = 0;
  for (let i = 0; i < plan.placements; i++, t++) {
    const at = times[t] ?? plan.to;
    const leader = state.leaderUserId;
    const others = plan.bidders.filter((u) => u !== leader);
    const userId = leader !== null && (others.length === 0 || rng.chance(0.12)) ? leader : rng.pick(others);
    const own = state.maxBids.find((m) => m.userId === userId)?.amountCents ?? 0;
    const floor = roundUpToDollar(Math.max(minimumNextBid(state), own + 1));
    if (floor > plan.marketCents) continue;
    const room = plan.marketCents - floor;
    const r = rng.next();
    const increment = minimumNextBid(state) - (state.priceCents ?? minimumNextBid(state));
    let amount = floor;
    if (r < 0.5) amount = floor + Math.max(100, increment) * rng.int(0, 2);
    else if (r < 0.85) amount = floor + room * rng.float(0, 0.35);
    else amount = floor + room * rng.float(0.3, 1);
    amount = Math.min(roundUpToDollar(amount), Math.max(floor, Math.floor(plan.marketCents / 100) * 100));
    place(userId, amount, at);
    if (state.bidCount >= 24) break;
  }
  for (const closer of plan.closers) {
    const at = times[t++] ?? plan.to;
    const own = state.maxBids.find((m) => m.userId === closer.userId)?.amountCents ?? 0;
    const floor = roundUpToDollar(Math.max(minimumNextBid(state), own + 1));
    place(closer.userId, Math.max(floor, roundUpToDollar(plan.marketCents * closer.factor)), at);
  }

  const maxBids: Insert<typeof s.maxBids>[] = state.maxBids.map((m) => ({
    id: rng.uuid(),
    auctionId,
    userId: m.userId,
    maxAmountCents: m.amountCents,
    setAt: new Date(m.setAt),
    seq: m.seq,
    createdAt: new Date(firstSetAt.get(m.userId) ?? m.setAt),
    updatedAt: new Date(m.setAt),
  }));
  return { state, bids, maxBids, placements, outbidAt, lastActivity };
}

// ---------------------------------------------------------------------------------------------

type AuctionPhase = 'live' | 'scheduled' | 'ended';

interface ProductDraft {
  category: CategorySlug;
  brand: string;
  title: string;
  retailCents: number;
  kind: string;
}

// ---- The demo's steps. Each draws from the same random streams (SeedDraws) in the order the
// dataset has always been drawn, so the same seed and `now` still give the same rows: a step that
// moved a draw would change every row after it (seed/demo.test.ts pins the story the rows tell).

/** The random streams and the clock every step draws from. */
interface SeedDraws {
  now: number;
  /** Today's date in Vancouver. */
  today: string;
  /** The story's choices (times, prices, who wins). */
  rng: Rng;
  /** Ids and provider tokens. */
  idRng: Rng;
  /** Photos. */
  imageRng: Rng;
  /** The bidding simulation. */
  bidRng: Rng;
  uuid: () => string;
}

const at = (ms: number) => new Date(ms);

/** The demo's three shoppers whose accounts tell the story (seed/README.md). */
interface DemoCast {
  staffId: string;
  shopperIds: string[];
  ava: string;
  ben: string;
  chloe: string;
  /** Ava is the account to sign in with, so she takes part in more auctions than the others. */
  shopperWeights: number[];
}

/** The demo's warehouse row, its tax settings known (DEMO_LOCATION). */
type DemoLocation = DemoDataset['location'] & TaxConfig;

/** The warehouse, its weekly pickup hours (Monday to Saturday) and one closure four days from now. */
function seedPlace(d: SeedDraws) {
  const { now, uuid } = d;
  const location: DemoLocation = {
    id: uuid(),
    ...DEMO_LOCATION,
    createdAt: at(now - 200 * DAY),
    updatedAt: at(now - 200 * DAY),
  };
  const pickupSchedules: Insert<typeof s.pickupSchedules>[] = [1, 2, 3, 4, 5, 6].map((weekday) => ({
    id: uuid(),
    locationId: location.id,
    weekday,
    opensAt: '10:00',
    closesAt: '18:00',
    slotMinutes: 30,
    capacity: 4,
  }));
  let closureDate = addDays(d.today, 4);
  if (weekdayOf(closureDate) === 0) closureDate = addDays(closureDate, 1);
  const pickupClosures: Insert<typeof s.pickupClosures>[] = [
    { id: uuid(), locationId: location.id, date: closureDate, reason: 'Warehouse inventory count' },
  ];
  const isOpenDay = (date: string) => weekdayOf(date) !== 0 && date !== closureDate;
  return { location, pickupSchedules, pickupClosures, isOpenDay };
}

/** The staff account and the demo shoppers, each with a password account. */
function seedPeople(
  d: SeedDraws,
  locationId: string,
  hashes: { staff: string; shopper: string },
): { users: DemoDataset['users']; accounts: DemoDataset['accounts']; cast: DemoCast } {
  const { now, rng, uuid } = d;
  const users: DemoDataset['users'] = [];
  const accounts: DemoDataset['accounts'] = [];
  const addUser = (
    u: { email: string; handle: string; firstName: string; lastName: string },
    role: 'staff' | 'shopper',
    index: number,
  ) => {
    const created = floorToMinute(now - rng.int(30, 240) * DAY - rng.int(0, 600) * MINUTE);
    const consent = role === 'shopper' && rng.chance(0.5);
    const id = uuid();
    users.push({
      id,
      email: u.email,
      emailVerified: true,
      name: u.handle,
      firstName: u.firstName,
      lastName: u.lastName,
      fullName: `${u.firstName} ${u.lastName}`,
      handle: u.handle,
      phoneNumber: `+1604555${String(100 + index).padStart(4, '0')}`,
      phoneNumberVerified: role === 'staff' || rng.chance(0.6),
      // Long-standing customers staff approved for bids above the new-account limit (core
      // bidding-limits.ts): the rule holds for the accounts made in the demo, not for these.
      largeBidsApprovedAt: at(created + DAY),
      locationId,
      notificationSettings: {},
      role,
      termsAcceptedAt: at(created),
      marketingConsent: consent,
      marketingConsentAt: consent ? at(created) : null,
      createdAt: at(created),
      updatedAt: at(created),
    });
    accounts.push({
      id: uuid(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: role === 'staff' ? hashes.staff : hashes.shopper,
      createdAt: at(created),
      updatedAt: at(created),
    });
    return id;
  };
  const staffId = addUser(DEMO_STAFF, 'staff', 0);
  const shopperIds = DEMO_SHOPPERS.map((u, i) => addUser(u, 'shopper', i + 1));
  const [ava, ben, chloe] = shopperIds as [string, string, string];
  const shopperWeights = shopperIds.map((_, i) => (i === 0 ? 2 : 1));
  return { users, accounts, cast: { staffId, shopperIds, ava, ben, chloe, shopperWeights } };
}

/** The categories, and every product draft shuffled into its auction phase (live, scheduled, ended). */
function seedCatalogue(d: SeedDraws) {
  const categories = CATEGORIES.map((c) => ({ id: d.uuid(), name: c.name, slug: c.slug }));
  const drafts: ProductDraft[] = CATEGORIES.flatMap((c) =>
    (PRODUCTS[c.slug] ?? []).map(([brand, title, retail, kind]) => ({
      category: c.slug,
      brand,
      title,
      retailCents: retail * 100,
      kind,
    })),
  );
  const order = d.rng.shuffle(drafts.map((_, i) => i));
  const liveCount = Math.round(drafts.length * 0.6);
  const scheduledCount = Math.round(drafts.length * 0.15);
  return {
    categories,
    categoryId: new Map(categories.map((c) => [c.slug, c.id])),
    drafts,
    order,
    liveCount,
    scheduledCount,
  };
}

// Fixed ages for the orders the checkout demo needs (they replace random ones, so the generator
// draws the same numbers as before): Ava and Ben each have three unpaid wins, Ava's oldest a few
// hours before its payment deadline, and Ava has a paid order still waiting for a pickup booking.
const AVA_UNPAID_AGO = [10 * HOUR, 69.5 * HOUR] as const;
const BEN_UNPAID_AGO = [2 * HOUR, 6 * HOUR, 20 * HOUR] as const;
const AVA_PAID_AGO = 50 * HOUR;
const FIXED_AGO = [...AVA_UNPAID_AGO, ...BEN_UNPAID_AGO, AVA_PAID_AGO];
/** Live auctions ending within the next 10 minutes, so countdowns visibly tick. */
const SOON_MINUTES = [2.5, 4, 5.5, 7, 8.5, 9.75];
/** Live auctions (by rank) with a reserve price. */
const LIVE_WITH_RESERVE = new Set([3, 15, 28, 40, 66]);

/** Which auctions tell the story: their end times and the scripted bidders of the demo accounts. */
interface AuctionPlan {
  /** How long ago each ended auction ended, most recent first (its index is its ended rank). */
  endedAgo: number[];
  avaPaidRank: number;
  unpaidRanks: Set<number>;
  checkoutRanks: Set<number>;
  liveScripts: Map<number, Closer[]>;
  endedScripts: Map<number, Closer[]>;
  endedNoBids: Set<number>;
  endedReserveNotMet: number;
  endedReserveMet: number;
}

/**
 * The story's auctions: ended ones within the last ~3.4 days (inside the payment window for the
 * recent ones), the checkout demo's fixed ages among them, and the scripted moments that make the
 * demo accounts interesting (listed in seed/README.md).
 */
function planAuctions(d: SeedDraws, cast: DemoCast, endedTotal: number): AuctionPlan {
  const { rng } = d;
  const { ava, ben, chloe } = cast;
  const endedOffsets = (count: number) => {
    const out: number[] = [15 * MINUTE, 3.3 * DAY];
    while (out.length < count) out.push(rng.float(20 * MINUTE, 3.25 * DAY));
    FIXED_AGO.forEach((ago, k) => {
      out[2 + k] = ago;
    });
    return out.sort((a, b) => a - b);
  };
  const endedAgo = endedOffsets(endedTotal);
  const endedRankOf = (ago: number) => endedAgo.indexOf(ago);
  const avaPaidRank = endedRankOf(AVA_PAID_AGO);
  const unpaidRanks = new Set([...AVA_UNPAID_AGO, ...BEN_UNPAID_AGO].map(endedRankOf));
  const checkoutRanks = new Set(FIXED_AGO.map(endedRankOf));
  /** The first rank from `rank` on that no scripted checkout order uses. */
  const freeRank = (rank: number) => {
    let r = rank;
    while (checkoutRanks.has(r)) r++;
    return r;
  };
  const liveScripts = new Map<number, Closer[]>([
    [0, [{ userId: ava, factor: 1.08 }]], // Ava winning, ending in minutes
    [
      1,
      [
        { userId: ava, factor: 0.95 },
        { userId: ben, factor: 1.1 },
      ],
    ], // Ava outbid, ending in minutes
    [7, [{ userId: ava, factor: 1.06 }]],
    [
      9,
      [
        { userId: ava, factor: 0.9 },
        { userId: chloe, factor: 1.05 },
      ],
    ],
    [12, [{ userId: ava, factor: 1.12 }]],
  ]);
  const endedCount = endedAgo.length;
  // Ended ranks are sorted most recent first: 0 is a pending order for Ava; the second-oldest is paid
  // with a pickup booked; the oldest is completed; the last two of the middle had no bids.
  const endedNoBids = new Set([
    freeRank(Math.floor(endedCount * 0.3)),
    freeRank(Math.floor(endedCount * 0.75)),
  ]);
  const endedReserveNotMet = freeRank(Math.floor(endedCount * 0.45));
  const endedReserveMet = freeRank(Math.floor(endedCount * 0.2));
  // Paid two days ago or so, with a pickup booked in the coming days.
  const paidIndex = endedAgo.findIndex(
    (ago, i) =>
      ago > 44 * HOUR &&
      i < endedCount - 1 &&
      !checkoutRanks.has(i) &&
      !endedNoBids.has(i) &&
      i !== endedReserveNotMet &&
      i !== endedReserveMet,
  );
  const endedScripts = new Map<number, Closer[]>([
    [0, [{ userId: ava, factor: 1.07 }]],
    [paidIndex, [{ userId: ava, factor: 1.05 }]],
    [endedCount - 1, [{ userId: ava, factor: 1.1 }]],
    ...AVA_UNPAID_AGO.map((ago, k): [number, Closer[]] => [
      endedRankOf(ago),
      [{ userId: ava, factor: 1.06 + k / 100 }],
    ]),
    ...BEN_UNPAID_AGO.map((ago, k): [number, Closer[]] => [
      endedRankOf(ago),
      [{ userId: ben, factor: 1.08 + k / 100 }],
    ]),
    [avaPaidRank, [{ userId: ava, factor: 1.09 }]],
  ]);
  return {
    endedAgo,
    avaPaidRank,
    unpaidRanks,
    checkoutRanks,
    liveScripts,
    endedScripts,
    endedNoBids,
    endedReserveNotMet,
    endedReserveMet,
  };
}

/** One auctioned lot as the later steps (orders, notices, watchlist) need it. */
interface AuctionInfo {
  auctionId: string;
  productId: string;
  title: string;
  slug: string;
  phase: AuctionPhase;
  endTime: number;
  sim: SimulatedBids | null;
  /** Rank among ended auctions, most recent first (-1 for the others). */
  endedRank: number;
}

/** The rows the lots step fills, lot by lot. */
interface LotRows {
  products: DemoDataset['products'];
  productImages: DemoDataset['productImages'];
  auctions: DemoDataset['auctions'];
  maxBids: DemoDataset['maxBids'];
  bidPlacements: DemoDataset['bidPlacements'];
  bids: DemoDataset['bids'];
  files: DemoDataset['files'];
  slugs: Set<string>;
  infos: AuctionInfo[];
}

/** Where a lot stands: its phase, its rank within the phase, and what the story plans for it. */
interface LotPlace {
  phase: AuctionPhase;
  phaseRank: number;
  plan: AuctionPlan;
}

/**
 * A lot's auction times: live ones end within minutes (the first few) to about six days, scheduled
 * ones start within three days, ended ones ended at their planned age. Whole seconds.
 */
function lotTimes(d: SeedDraws, { phase, phaseRank, plan }: LotPlace): { start: number; end: number } {
  const { now, rng } = d;
  let start: number;
  let end: number;
  if (phase === 'live') {
    const soon = SOON_MINUTES[phaseRank];
    if (soon !== undefined) end = now + soon * MINUTE;
    else {
      const r = rng.next();
      const ahead =
        r < 0.15
          ? rng.float(15 * MINUTE, HOUR)
          : r < 0.4
            ? rng.float(HOUR, 12 * HOUR)
            : r < 0.7
              ? rng.float(12 * HOUR, 2 * DAY)
              : rng.float(2 * DAY, 6 * DAY);
      end = floorToMinute(now + ahead);
    }
    start = floorToMinute(now - rng.float(0.25 * DAY, 5 * DAY));
  } else if (phase === 'scheduled') {
    start = floorToMinute(now + rng.float(HOUR, 3 * DAY));
    end = floorToMinute(start + rng.float(3 * DAY, 7 * DAY));
  } else {
    end = floorToMinute(now - (plan.endedAgo[phaseRank] ?? DAY));
    start = floorToMinute(end - rng.float(3 * DAY, 7 * DAY));
  }
  return { start, end: Math.floor(end / 1000) * 1000 };
}

/** A lot's auction settings: increment, starting bid, the price it is "worth", its reserve. */
function lotAuctionSettings(d: SeedDraws, draft: ProductDraft, { phase, phaseRank, plan }: LotPlace) {
  const { rng } = d;
  const expensive = draft.retailCents >= 50_000;
  const increment: IncrementRule = rng.chance(0.2)
    ? { mode: 'table' }
    : { mode: 'fixed', cents: expensive ? 500 : 100 };
  const startingBidCents = roundToDollar(draft.retailCents * rng.float(0.1, 0.3));
  const marketCents = Math.max(startingBidCents + 300, Math.round(draft.retailCents * rng.float(0.35, 0.85)));
  let reserveCents: number | null = null;
  if (phase === 'live' && LIVE_WITH_RESERVE.has(phaseRank))
    reserveCents = roundToDollar(marketCents * rng.float(0.7, 1.15));
  if (phase === 'ended' && phaseRank === plan.endedReserveMet)
    reserveCents = roundToDollar(marketCents * 0.75);
  if (phase === 'ended' && phaseRank === plan.endedReserveNotMet)
    reserveCents = roundToDollar(marketCents * 1.2);
  return { increment, startingBidCents, marketCents, reserveCents };
}

/**
 * A lot's bids, if it has any: the real engine fed random maximums from 2 to 6 shoppers (the
 * scripted demo accounts close), from three minutes after the start to 150 s before the end, so no
 * seeded bid triggers the soft close (end = original end).
 */
function lotBids(
  d: SeedDraws,
  cast: DemoCast,
  { phase, phaseRank, plan }: LotPlace,
  auction: { auctionId: string; initial: AuctionBidState; marketCents: number; start: number; end: number },
): SimulatedBids | null {
  const { rng } = d;
  const scripted =
    phase === 'live'
      ? plan.liveScripts.get(phaseRank)
      : phase === 'ended'
        ? plan.endedScripts.get(phaseRank)
        : undefined;
  const wantsBids =
    phase === 'live'
      ? scripted !== undefined || phaseRank < SOON_MINUTES.length || rng.chance(0.75)
      : phase === 'ended'
        ? !plan.endedNoBids.has(phaseRank) &&
          (scripted !== undefined || phaseRank === plan.endedReserveMet || rng.chance(0.9))
        : false;
  const from = auction.start + 3 * MINUTE;
  const to = Math.min(d.now - 30_000, auction.end - 150_000);
  if (!wantsBids || to <= from) return null;
  const { shopperIds, shopperWeights } = cast;
  const bidderCount = rng.weighted([2, 3, 4, 5, 6], [0.25, 0.3, 0.2, 0.15, 0.1]);
  const pool = shopperIds.filter((u) => !(scripted ?? []).some((c) => c.userId === u));
  const bidders: string[] = [];
  while (bidders.length < bidderCount && bidders.length < pool.length) {
    const u = rng.weighted(
      pool,
      pool.map((p) => shopperWeights[shopperIds.indexOf(p)] ?? 1),
    );
    if (!bidders.includes(u)) bidders.push(u);
  }
  const placements = rng.weighted([1, 2, 3, 5, 7, 10, 14], [0.15, 0.15, 0.15, 0.2, 0.15, 0.12, 0.08]);
  const closers = [...(scripted ?? [])];
  if (phaseRank === plan.endedReserveMet && phase === 'ended')
    closers.push({ userId: rng.pick(bidders), factor: 1.02 });
  return simulateBidding(d.bidRng, auction.auctionId, auction.initial, {
    bidders,
    placements,
    marketCents: auction.marketCents,
    closers,
    from,
    to,
  });
}

/** A lot's drawn photos (one to three views), as files under the media folder and image rows. */
function lotPhotos(
  d: SeedDraws,
  rows: LotRows,
  lot: { draft: ProductDraft; productId: string; title: string; createdAt: number },
) {
  const style = pickStyle(d.imageRng, lot.draft.category, lot.draft.kind);
  const photoCount = d.imageRng.weighted([1, 2, 3], [0.3, 0.45, 0.25]);
  const views = ['', ', another angle', ', close-up'];
  for (let n = 1; n <= photoCount; n++) {
    const path = `products/${lot.productId}-${n}.svg`;
    rows.files.push({ path, content: renderIllustration(style, n - 1) });
    rows.productImages.push({
      id: d.uuid(),
      productId: lot.productId,
      position: n - 1,
      url: `/media/${path}`,
      width: 800,
      height: 800,
      alt: `${lot.title}${views[n - 1] ?? ''}`,
      createdAt: at(lot.createdAt),
    });
  }
}

/** A lot's auction row: as the engine left it, closed if ended (the close job's seq included). */
function lotAuctionRow(
  lot: {
    auctionId: string;
    productId: string;
    locationId: string;
    phase: AuctionPhase;
    start: number;
    end: number;
    createdAt: number;
  },
  settings: ReturnType<typeof lotAuctionSettings>,
  state: AuctionBidState,
  sim: SimulatedBids | null,
): DemoDataset['auctions'][number] {
  const { phase, createdAt } = lot;
  const { increment, startingBidCents } = settings;
  const hasWinner = phase === 'ended' && state.leaderUserId !== null && isReserveMet(state);
  return {
    id: lot.auctionId,
    productId: lot.productId,
    locationId: lot.locationId,
    status: phase,
    startTime: at(lot.start),
    endTime: at(state.endTime),
    originalEndTime: at(lot.end),
    startingBidCents,
    incrementMode: increment.mode,
    bidIncrementCents: increment.mode === 'fixed' ? increment.cents : 100,
    reservePriceCents: settings.reserveCents,
    buyNowPriceCents: null,
    softCloseSeconds: 60,
    currentPriceCents: state.priceCents ?? startingBidCents,
    leaderUserId: state.leaderUserId,
    reserveMet: isReserveMet(state),
    bidCount: state.bidCount,
    // One per accepted maximum, as the bidding service counts; the close job adds one at the end.
    seq: state.nextSeq - 1 + (phase === 'ended' ? 1 : 0),
    winnerUserId: hasWinner ? state.leaderUserId : null,
    closedAt: phase === 'ended' ? at(state.endTime) : null,
    createdAt: at(createdAt + 5 * MINUTE),
    updatedAt: at(phase === 'ended' ? state.endTime : (sim?.lastActivity ?? createdAt + 5 * MINUTE)),
  };
}

/** One product and its auction: times, description and terms, settings, bids, photos. */
function seedLot(
  d: SeedDraws,
  cast: DemoCast,
  rows: LotRows,
  ctx: { location: DemoLocation; categoryId: Map<string, string> },
  draft: ProductDraft,
  place: LotPlace,
) {
  const { now, rng } = d;
  const { phase, phaseRank } = place;
  const { start, end } = lotTimes(d, place);

  // Product
  const productId = d.uuid();
  const fullTitle = `${draft.brand} ${draft.title}`;
  let slug = `${slugify(fullTitle, 64)}-${rng.token(4)}`;
  while (rows.slugs.has(slug)) slug = `${slugify(fullTitle, 64)}-${rng.token(4)}`;
  rows.slugs.add(slug);
  const consumable = draft.category === 'food-grocery' || draft.category === 'beauty-health';
  const condition = consumable
    ? rng.weighted(['like_new', 'open_box'] as const, [0.6, 0.4])
    : rng.weighted(['like_new', 'open_box', 'gently_used'] as const, [0.4, 0.4, 0.2]);
  const described = describe(rng, draft, condition, consumable);
  const resaleCents = Math.max(199, Math.round((draft.retailCents * rng.float(0.45, 0.7)) / 100) * 100 - 1);
  const createdAt =
    phase === 'scheduled' ? now - rng.float(HOUR, 30 * HOUR) : start - rng.float(2 * HOUR, 30 * HOUR);

  const settings = lotAuctionSettings(d, draft, place);
  const { increment, startingBidCents, reserveCents } = settings;
  const auctionId = d.uuid();
  const initial = initialBidState({
    startingBidCents,
    increment,
    reserveCents,
    softCloseSeconds: 60,
    startTime: start,
    endTime: end,
  });
  const sim = lotBids(d, cast, place, { auctionId, initial, marketCents: settings.marketCents, start, end });
  if (sim) {
    rows.bids.push(...sim.bids);
    rows.maxBids.push(...sim.maxBids);
    rows.bidPlacements.push(...sim.placements);
  }
  const state = sim?.state ?? initial;
  const hasWinner = phase === 'ended' && state.leaderUserId !== null && isReserveMet(state);
  const productStatus = phase === 'ended' ? (hasWinner ? 'sold' : 'unsold') : 'auctioned';
  const terms = demoSaleTerms(
    draft.category,
    condition,
    phaseRank,
    // Led, not only won: a live lot Ava or Ben leads becomes their order when it ends.
    state.leaderUserId === cast.ava || state.leaderUserId === cast.ben,
  );

  rows.products.push({
    id: productId,
    title: fullTitle,
    slug,
    description: withSaleTerms(described, terms),
    brand: draft.brand,
    condition,
    saleTerms: terms.saleTerms,
    nonReturnableKind: terms.nonReturnableKind,
    categoryId: ctx.categoryId.get(draft.category) ?? null,
    retailPriceCents: draft.retailCents,
    resalePriceCents: resaleCents,
    isFeatured: phase !== 'ended' && rng.chance(0.18),
    status: productStatus,
    createdAt: at(createdAt),
    updatedAt: at(phase === 'ended' ? end : createdAt),
  });

  rows.auctions.push(
    lotAuctionRow(
      { auctionId, productId, locationId: ctx.location.id, phase, start, end, createdAt },
      settings,
      state,
      sim,
    ),
  );

  lotPhotos(d, rows, { draft, productId, title: fullTitle, createdAt });

  rows.infos.push({
    auctionId,
    productId,
    title: fullTitle,
    slug,
    phase,
    endTime: state.endTime,
    sim,
    endedRank: phase === 'ended' ? phaseRank : -1,
  });
}

/** Every product and its auction, in the shuffled catalogue order. */
function seedLots(
  d: SeedDraws,
  cast: DemoCast,
  location: DemoLocation,
  catalogue: ReturnType<typeof seedCatalogue>,
  plan: AuctionPlan,
): LotRows {
  const rows: LotRows = {
    products: [],
    productImages: [],
    auctions: [],
    maxBids: [],
    bidPlacements: [],
    bids: [],
    files: [],
    slugs: new Set<string>(),
    infos: [],
  };
  const { drafts, order, liveCount, scheduledCount, categoryId } = catalogue;
  order.forEach((draftIndex, rank) => {
    const phase: AuctionPhase =
      rank < liveCount ? 'live' : rank < liveCount + scheduledCount ? 'scheduled' : 'ended';
    const phaseRank =
      phase === 'live' ? rank : phase === 'scheduled' ? rank - liveCount : rank - liveCount - scheduledCount;
    seedLot(d, cast, rows, { location, categoryId }, drafts[draftIndex]!, { phase, phaseRank, plan });
  });
  return rows;
}

type Notify = (
  userId: string,
  kind: NotificationKind,
  message: string,
  targetUrl: string | null,
  when: number,
) => void;

/** A notice in the shopper's list (read when older than 20 hours). */
function notifier(d: SeedDraws, notifications: DemoDataset['notifications']): Notify {
  return (userId, kind, message, targetUrl, when) => {
    notifications.push({
      id: d.uuid(),
      userId,
      kind,
      message,
      targetUrl,
      isRead: when < d.now - 20 * HOUR,
      createdAt: at(when),
    });
  };
}

/** The rows the orders step fills, order by order. */
interface OrderRows {
  checkoutSessions: DemoDataset['checkoutSessions'];
  orders: DemoDataset['orders'];
  checkoutSessionOrders: DemoDataset['checkoutSessionOrders'];
  payments: DemoDataset['payments'];
  testCheckoutPayments: DemoDataset['testCheckoutPayments'];
  pickupSlots: DemoDataset['pickupSlots'];
  pickupAppointments: DemoDataset['pickupAppointments'];
  pickupAppointmentOrders: DemoDataset['pickupAppointmentOrders'];
}

type OrderStatus = 'pending' | 'paid' | 'ready_for_pickup' | 'pickup_scheduled' | 'completed';

/** The winners' scripted orders: Ava's completed, booked and paid-but-unbooked ones. */
function scriptedWins(d: SeedDraws, lots: LotRows, cast: DemoCast, plan: AuctionPlan) {
  const auctionById = new Map(lots.auctions.map((a) => [a.id, a]));
  const winnerOf = (i: AuctionInfo) => auctionById.get(i.auctionId)?.winnerUserId;
  const ended = lots.infos.filter((i) => i.phase === 'ended').sort((a, b) => b.endTime - a.endTime);
  const winners = ended.filter((i) => winnerOf(i));
  const oldestAvaWin = [...winners].reverse().find((i) => winnerOf(i) === cast.ava);
  const avaPickupWin = winners.find(
    (i) =>
      winnerOf(i) === cast.ava &&
      d.now - i.endTime > 40 * HOUR &&
      i !== oldestAvaWin &&
      i.endedRank !== plan.avaPaidRank,
  );
  // Paid, with no pickup booked yet ('Schedule Pickup' in the Orders tab).
  const avaPaidWin = winners.find((i) => i.endedRank === plan.avaPaidRank && winnerOf(i) === cast.ava);
  return { auctionById, winners, oldestAvaWin, avaPickupWin, avaPaidWin };
}

/**
 * A won lot's order status and, for a completed or booked one, its pickup slot's start: within the
 * pickup window after the auction's end, open days only (a status whose slot cannot be found is paid).
 */
function orderStatusAndSlot(
  d: SeedDraws,
  isOpenDay: (date: string) => boolean,
  wins: ReturnType<typeof scriptedWins>,
  plan: AuctionPlan,
  info: AuctionInfo,
): { status: OrderStatus; slotStart: number | null } {
  const { now, rng } = d;
  const end = info.endTime;
  const ageHours = (now - end) / HOUR;
  let status: OrderStatus = ageHours < 36 ? 'pending' : rng.chance(0.6) ? 'paid' : 'ready_for_pickup';
  if (info === wins.oldestAvaWin) status = 'completed';
  if (info === wins.avaPickupWin) status = 'pickup_scheduled';
  if (info === wins.avaPaidWin) status = 'paid';
  // The checkout demo's unpaid wins stay unpaid whatever their age (one is near its deadline).
  if (plan.unpaidRanks.has(info.endedRank) && plan.checkoutRanks.has(info.endedRank)) status = 'pending';

  const endDate = vancouverDate(at(end));
  let slotStart: number | null = null;
  if (status === 'completed') {
    for (let k = 1; k <= PICKUP_WINDOW_DAYS && slotStart === null; k++) {
      const date = addDays(endDate, k);
      const t = vancouverTime(date, 11, 0).getTime();
      if (isOpenDay(date) && t < now - 2 * HOUR && t > end + 6 * HOUR) slotStart = t;
    }
    if (slotStart === null) status = 'paid';
  }
  if (status === 'pickup_scheduled') {
    for (let k = 1; k <= PICKUP_WINDOW_DAYS && slotStart === null; k++) {
      const date = addDays(d.today, k);
      if (date > addDays(endDate, PICKUP_WINDOW_DAYS)) break;
      if (isOpenDay(date)) slotStart = vancouverTime(date, 14, 30).getTime();
    }
    if (slotStart === null) status = 'paid';
  }
  return { status, slotStart };
}

type Tax = TaxConfig;

/**
 * A paid order's payment, as the test checkout (the provider's side) and the sync would have
 * recorded it: the provider's payment, the payments row and the checkout session. Its session id.
 */
function orderPayment(
  d: SeedDraws,
  rows: OrderRows,
  o: {
    userId: string;
    locationId: string;
    tax: Tax;
    price: ReturnType<typeof priceCheckout>;
    paidAt: number;
  },
): string {
  const { uuid, idRng } = d;
  const { userId, price, paidAt } = o;
  const sessionId = uuid();
  const providerSessionId = `cs_test_demo_${idRng.token(16)}`;
  const providerPaymentId = `pay_test_demo_${idRng.token(16)}`;
  rows.testCheckoutPayments.push({
    providerSessionId,
    paymentId: providerPaymentId,
    status: 'paid',
    amountCents: price.totalCents,
    cardLast4: '4242',
    paidAt: at(paidAt),
  });
  const amounts = {
    subtotalCents: price.subtotalCents,
    premiumCents: price.premiumCents,
    pstCents: price.pstCents,
    gstCents: price.gstCents,
    totalCents: price.totalCents,
  };
  rows.payments.push({
    id: uuid(),
    checkoutSessionId: sessionId,
    userId,
    provider: 'test',
    providerSessionId,
    providerPaymentId,
    status: 'paid',
    ...amounts,
    currency: 'cad',
    paidAt: at(paidAt),
    createdAt: at(paidAt),
  });
  rows.checkoutSessions.push({
    id: sessionId,
    userId,
    locationId: o.locationId,
    provider: 'test',
    providerSessionId,
    providerPaymentId,
    status: 'paid',
    ...amounts,
    ...o.tax,
    currency: 'cad',
    url: null,
    paidAt: at(paidAt),
    createdAt: at(paidAt - 4 * MINUTE),
    updatedAt: at(paidAt),
  });
  return sessionId;
}

/** A completed or booked order's pickup: its slot, the appointment, and the booking's notice. */
function orderPickup(
  d: SeedDraws,
  rows: OrderRows,
  notify: Notify,
  o: {
    locationId: string;
    staffId: string;
    orderId: string;
    userId: string;
    title: string;
    status: OrderStatus;
    slotStart: number;
    paidAt: number;
  },
) {
  const { uuid } = d;
  const { status, slotStart } = o;
  const slotId = uuid();
  rows.pickupSlots.push({
    id: slotId,
    locationId: o.locationId,
    startsAt: at(slotStart),
    endsAt: at(slotStart + 30 * MINUTE),
    capacity: 4,
    bookedCount: 1,
  });
  const booked = Math.min(o.paidAt + HOUR, d.now - 10 * MINUTE);
  const appointmentId = uuid();
  const done = status === 'completed';
  rows.pickupAppointments.push({
    id: appointmentId,
    shortCode: pickupShortCode(appointmentId),
    bookedAt: at(booked),
    completedAt: done ? at(slotStart + 12 * MINUTE) : null,
    completedBy: done ? o.staffId : null,
    slotId,
    userId: o.userId,
    notes: done ? 'Picking up in a hatchback.' : 'I will bring a friend to help carry it.',
    status: done ? 'completed' : 'scheduled',
    checkedInAt: done ? at(slotStart + 12 * MINUTE) : null,
    checkedInBy: done ? o.staffId : null,
    createdAt: at(booked),
    updatedAt: at(done ? slotStart + 12 * MINUTE : booked),
  });
  rows.pickupAppointmentOrders.push({ appointmentId, orderId: o.orderId });
  if (status === 'pickup_scheduled') {
    notify(
      o.userId,
      'auction_won',
      `Pickup booked for ${o.title}: ${vancouverLabel(at(slotStart))} at ${DEMO_LOCATION.name}.`,
      '/account?tab=appointments',
      booked,
    );
  }
}

/**
 * The orders of ended auctions with a winner, most recent first: status, payment, pickup and the
 * winner's notices (won; paid).
 */
function seedOrders(
  d: SeedDraws,
  place: { location: DemoLocation; isOpenDay: (date: string) => boolean },
  cast: DemoCast,
  plan: AuctionPlan,
  wins: ReturnType<typeof scriptedWins>,
  notify: Notify,
): OrderRows {
  const { now, rng, uuid } = d;
  const { location } = place;
  const rows: OrderRows = {
    checkoutSessions: [],
    orders: [],
    checkoutSessionOrders: [],
    payments: [],
    testCheckoutPayments: [],
    pickupSlots: [],
    pickupAppointments: [],
    pickupAppointmentOrders: [],
  };
  const tax: Tax = {
    buyersPremiumBp: location.buyersPremiumBp,
    pstBp: location.pstBp,
    gstBp: location.gstBp,
    applyTaxesOnPremium: location.applyTaxesOnPremium,
  };
  for (const info of wins.winners) {
    const auction = wins.auctionById.get(info.auctionId)!;
    const userId = auction.winnerUserId!;
    const end = info.endTime;
    const finalCents = auction.currentPriceCents;
    const orderId = uuid();
    const { status, slotStart } = orderStatusAndSlot(d, place.isOpenDay, wins, plan, info);
    const paid = status !== 'pending';
    const paidAt = Math.min(end + rng.float(2 * HOUR, 20 * HOUR), now - HOUR);
    const readyAt = Math.min(paidAt + rng.float(3 * HOUR, 12 * HOUR), now - 30 * MINUTE);
    const price = priceCheckout(finalCents, tax);
    const sessionId = paid
      ? orderPayment(d, rows, { userId, locationId: location.id, tax, price, paidAt })
      : null;
    rows.orders.push({
      id: orderId,
      auctionId: info.auctionId,
      userId,
      locationId: location.id,
      status,
      finalAmountCents: finalCents,
      paymentDueAt: at(end + PAYMENT_WINDOW_HOURS * HOUR),
      checkoutSessionId: sessionId,
      premiumCents: paid ? price.premiumCents : null,
      pstCents: paid ? price.pstCents : null,
      gstCents: paid ? price.gstCents : null,
      totalCents: paid ? price.totalCents : null,
      paidAt: paid ? at(paidAt) : null,
      readyAt: status === 'ready_for_pickup' || status === 'completed' ? at(readyAt) : null,
      completedAt: status === 'completed' && slotStart !== null ? at(slotStart + 12 * MINUTE) : null,
      createdAt: at(end),
      updatedAt: at(status === 'pending' ? end : paidAt),
    });
    if (sessionId !== null) {
      rows.checkoutSessionOrders.push({ checkoutSessionId: sessionId, orderId, amountCents: finalCents });
    }
    if (slotStart !== null && (status === 'completed' || status === 'pickup_scheduled')) {
      const pickup = { locationId: location.id, staffId: cast.staffId, orderId, userId, title: info.title };
      orderPickup(d, rows, notify, { ...pickup, status, slotStart, paidAt });
    }
    notify(
      userId,
      'auction_won',
      `You won ${info.title} for ${formatCents(finalCents)}! Pay within ${PAYMENT_WINDOW_HOURS} hours, then book your pickup.`,
      '/account?tab=orders',
      end,
    );
    if (paid) {
      notify(
        userId,
        'auction_won',
        `Payment received for ${info.title}. Choose a pickup time at our Burnaby warehouse.`,
        `/pickup-schedule/${orderId}`,
        paidAt,
      );
    }
  }
  return rows;
}

/**
 * Outbid notices on live auctions and "ended" notices to the other bidders, worded as the bidding
 * service and the closing job word them (kinds are the notification-settings kinds).
 */
function seedBidNotices(
  lots: LotRows,
  auctionById: Map<string, { winnerUserId?: string | null }>,
  notify: Notify,
) {
  for (const info of lots.infos) {
    if (info.sim === null) continue;
    const leader = info.sim.state.leaderUserId;
    const target = `/product/${info.slug}`;
    if (info.phase === 'live') {
      for (const [userId, o] of info.sim.outbidAt) {
        if (userId === leader) continue;
        notify(
          userId,
          'outbid_alerts',
          `You've been outbid on ${info.title}. The price is now ${formatCents(o.priceCents)}.`,
          target,
          o.at,
        );
      }
    } else if (info.phase === 'ended') {
      const winner = auctionById.get(info.auctionId)?.winnerUserId ?? null;
      for (const m of info.sim.state.maxBids) {
        if (m.userId === winner) continue;
        notify(
          m.userId,
          'outbid_alerts',
          m.userId === leader
            ? `The auction for ${info.title} ended without meeting the seller's reserve price.`
            : `The auction for ${info.title} has ended. You didn't win this one; new auctions drop daily.`,
          target,
          info.endTime,
        );
      }
    }
  }
}

/** Every order notice, but only each shopper's latest few outbid / "ended" notices; oldest first. */
function keptNotices(notifications: DemoDataset['notifications']): DemoDataset['notifications'] {
  notifications.sort((a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime());
  const routine = new Map<string, number>();
  const kept = notifications.filter((n) => {
    if (n.kind !== 'outbid_alerts') return true;
    const seen = routine.get(n.userId) ?? 0;
    routine.set(n.userId, seen + 1);
    return seen < 8;
  });
  return kept.reverse();
}

/** Watchlists: live auctions the shopper hasn't bid on, one of them ending within minutes. */
function seedWatchlist(d: SeedDraws, lots: LotRows, cast: DemoCast): DemoDataset['watchlist'] {
  const { now, rng } = d;
  const watchlist: DemoDataset['watchlist'] = [];
  const live = lots.infos.filter((i) => i.phase === 'live').sort((a, b) => a.endTime - b.endTime);
  const watch = (userId: string, count: number) => {
    const candidates = live.filter((i) => !i.sim?.maxBids.some((m) => m.userId === userId));
    const picks = [candidates[rng.int(0, 3)], ...rng.sample(candidates.slice(4), count - 1)];
    for (const pick of picks) {
      if (pick === undefined || watchlist.some((w) => w.userId === userId && w.auctionId === pick.auctionId))
        continue;
      watchlist.push({
        id: d.uuid(),
        userId,
        auctionId: pick.auctionId,
        createdAt: at(now - rng.float(HOUR, 2 * DAY)),
      });
    }
  };
  watch(cast.ava, 4);
  watch(cast.ben, 2);
  watch(cast.chloe, 2);
  return watchlist;
}

/** One confirmed signup on the pre-launch list. */
function seedListSignups(d: SeedDraws): DemoDataset['listSignups'] {
  const { now } = d;
  return [
    {
      id: d.uuid(),
      email: 'early.bird@rebound.test',
      source: 'landing-page',
      utm: { source: 'instagram', medium: 'social', campaign: 'spring-launch' },
      locale: 'en-CA',
      status: 'confirmed',
      confirmedAt: at(now - 9 * DAY + 20 * MINUTE),
      createdAt: at(now - 9 * DAY),
      updatedAt: at(now - 9 * DAY + 20 * MINUTE),
    },
  ];
}

/** The whole demo, step by step (the order of the steps is the order of the random draws). */
export function buildDemoDataset(opts: {
  now: Date;
  seed?: number;
  staffPasswordHash: string;
  shopperPasswordHash: string;
}): DemoDataset {
  const seed = opts.seed ?? DEMO_SEED;
  const idRng = createRng(seed ^ hashString('ids'));
  const d: SeedDraws = {
    now: opts.now.getTime(),
    today: vancouverDate(opts.now),
    rng: createRng(seed),
    idRng,
    imageRng: createRng(seed ^ hashString('images')),
    bidRng: createRng(seed ^ hashString('bids')),
    uuid: () => idRng.uuid(),
  };
  const place = seedPlace(d);
  const people = seedPeople(d, place.location.id, {
    staff: opts.staffPasswordHash,
    shopper: opts.shopperPasswordHash,
  });
  const { cast } = people;
  const catalogue = seedCatalogue(d);
  const plan = planAuctions(
    d,
    cast,
    catalogue.drafts.length - catalogue.liveCount - catalogue.scheduledCount,
  );
  const lots = seedLots(d, cast, place.location, catalogue, plan);
  const notifications: DemoDataset['notifications'] = [];
  const notify = notifier(d, notifications);
  const wins = scriptedWins(d, lots, cast, plan);
  const orders = seedOrders(d, place, cast, plan, wins, notify);
  seedBidNotices(lots, wins.auctionById, notify);
  const kept = keptNotices(notifications);
  const watchlist = seedWatchlist(d, lots, cast);
  const listSignups = seedListSignups(d);
  const items = demoItems({ ...lots, ...orders, notifications: kept }, cast, d.now);
  const ring = seedSignalsRing(seed, d.now, lots, place.location.id, opts.shopperPasswordHash);
  return {
    items,
    location: place.location,
    pickupSchedules: place.pickupSchedules,
    pickupClosures: place.pickupClosures,
    users: [...people.users, ...ring.users],
    accounts: [...people.accounts, ...ring.accounts],
    accountSightings: ring.sightings,
    categories: catalogue.categories,
    products: lots.products,
    productImages: lots.productImages,
    auctions: lots.auctions,
    maxBids: lots.maxBids,
    bidPlacements: lots.bidPlacements,
    bids: lots.bids,
    checkoutSessions: orders.checkoutSessions,
    orders: orders.orders,
    checkoutSessionOrders: orders.checkoutSessionOrders,
    payments: orders.payments,
    testCheckoutPayments: orders.testCheckoutPayments,
    pickupSlots: orders.pickupSlots,
    pickupAppointments: orders.pickupAppointments,
    pickupAppointmentOrders: orders.pickupAppointmentOrders,
    notifications: kept,
    watchlist,
    listSignups,
    files: lots.files,
  };
}

/**
 * A demo lot's sale terms, which its description then states (withSaleTerms): food and beauty are
 * Final Sale and of the policy's never-returnable kinds (perishable, personal care); one gently used
 * lot in three of the other categories is sold As-Is; the rest are standard (docs/product.md
 * "Returns"). Lots Ava or Ben won or lead stay standard: their orders, including those of live lots
 * that end while the demo runs, are the demo's (and the browser journeys') pickups and returns. Decided without the random source, so the rest of the store does
 * not move.
 */
function demoSaleTerms(
  category: string,
  condition: 'like_new' | 'open_box' | 'gently_used',
  rank: number,
  ledByDemoShopper: boolean,
): { saleTerms: SaleTerms; nonReturnableKind: NonReturnableKind | null } {
  if (ledByDemoShopper) return { saleTerms: 'standard', nonReturnableKind: null };
  if (category === 'food-grocery') return { saleTerms: 'final_sale', nonReturnableKind: 'perishable' };
  if (category === 'beauty-health') return { saleTerms: 'final_sale', nonReturnableKind: 'personal_care' };
  if (condition === 'gently_used' && rank % 3 === 0) return { saleTerms: 'as_is', nonReturnableKind: null };
  return { saleTerms: 'standard', nonReturnableKind: null };
}

/** A description's sentences: the grade, the inspection note, and the pickup/returns line (or none). */
interface Described {
  first: string;
  note: string;
  /** The standard lot's closing line ('' for none); consumables draw none (as before terms existed). */
  last: string;
}

function describe(
  rng: Rng,
  d: ProductDraft,
  condition: 'like_new' | 'open_box' | 'gently_used',
  consumable: boolean,
): Described {
  const grade = GRADE[condition];
  const first =
    condition === 'like_new'
      ? rng.pick([
          `Customer return in like-new condition: inspected and graded ${grade} by our Burnaby team, with no visible wear.`,
          `Returned unused and inspected by our team: like new, grade ${grade}, in its original packaging.`,
        ])
      : condition === 'open_box'
        ? rng.pick([
            `Open-box item: the retail box was opened, but the item itself is unused. Inspected and graded ${grade}.`,
            `Open box with all original contents; our inspectors graded it ${grade} after a full check.`,
          ])
        : rng.pick([
            `Gently used return with light signs of handling, such as small scuffs. Inspected, tested and graded ${grade}.`,
            `Gently used: lightly worn but fully working. Our team inspected it and graded it ${grade}.`,
          ]);
  const note = rng.pick(INSPECTION_NOTES[d.kind] ?? ['Inspected and tested by our team.']);
  const last = consumable
    ? ''
    : rng.pick([
        `Pickup only at our Burnaby warehouse, with a ${RETURN_WINDOW_DAYS}-day free return.`,
        `Retails for ${formatCents(d.retailCents)} new. Pickup in Burnaby, ${RETURN_WINDOW_DAYS}-day free return.`,
        '',
      ]);
  return { first, note, last };
}

/**
 * The description as the lot is sold: a lot that cannot come back says so in core's words (the
 * sentence its card, page and bid step show); a standard one keeps its pickup/returns line.
 */
function withSaleTerms(described: Described, terms: LotTerms): string {
  const last = isReturnableLot(terms) ? described.last : saleTermsText(terms);
  return [described.first, described.note, last].filter((x) => x !== '').join(' ');
}

// ---------------------------------------------------------------------------------------------

async function insertRows<T extends PgTable>(
  db: DbOrTx,
  table: T,
  rows: Insert<T>[],
  batch = 250,
): Promise<void> {
  for (const part of chunk(rows, batch)) {
    if (part.length > 0) await db.insert(table).values(part as never);
  }
}

const COUNTED_TABLES = {
  locations: s.locations,
  pickup_schedules: s.pickupSchedules,
  pickup_closures: s.pickupClosures,
  users: s.users,
  accounts: s.accounts,
  categories: s.categories,
  products: s.products,
  product_images: s.productImages,
  auctions: s.auctions,
  max_bids: s.maxBids,
  bids: s.bids,
  orders: s.orders,
  checkout_sessions: s.checkoutSessions,
  payments: s.payments,
  pickup_slots: s.pickupSlots,
  pickup_appointments: s.pickupAppointments,
  notifications: s.notifications,
  watchlist: s.watchlist,
  list_signups: s.listSignups,
} as const;

/** Fills an empty database with the demo store. Throws when the database already has data. */
export async function seedDemo(db: Db, opts: SeedDemoOptions): Promise<SeedSummary> {
  if (!(await isDatabaseEmpty(db))) {
    throw new Error('seedDemo: the database is not empty (it has locations or users); refusing to seed.');
  }
  const staffPassword = opts.staffPassword ?? DEFAULT_STAFF_PASSWORD;
  const shopperPassword = opts.shopperPassword ?? DEFAULT_SHOPPER_PASSWORD;
  // Hashing is deliberately slow: once per distinct password.
  const staffPasswordHash = await hashPassword(staffPassword);
  const shopperPasswordHash =
    shopperPassword === staffPassword ? staffPasswordHash : await hashPassword(shopperPassword);
  const data = buildDemoDataset({
    now: opts.now,
    ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
    staffPasswordHash,
    shopperPasswordHash,
  });

  await mkdir(join(opts.mediaDir, 'products'), { recursive: true });
  for (const part of chunk(data.files, 64)) {
    await Promise.all(part.map((f) => writeFile(join(opts.mediaDir, f.path), f.content)));
  }

  await db.transaction(async (tx) => {
    await insertRows(tx, s.locations, [data.location]);
    await insertRows(tx, s.pickupSchedules, data.pickupSchedules);
    await insertRows(tx, s.pickupClosures, data.pickupClosures);
    await insertRows(tx, s.users, data.users);
    await insertRows(tx, s.accounts, data.accounts);
    await insertRows(tx, s.categories, data.categories);
    await insertRows(tx, s.products, data.products);
    await insertRows(tx, s.productImages, data.productImages);
    await insertRows(tx, s.auctions, data.auctions);
    await insertRows(tx, s.maxBids, data.maxBids);
    await insertRows(tx, s.bids, data.bids, 400);
    await insertRows(tx, s.bidPlacements, data.bidPlacements, 400);
    await insertRows(tx, s.checkoutSessions, data.checkoutSessions);
    await insertRows(tx, s.orders, data.orders);
    await insertRows(tx, s.checkoutSessionOrders, data.checkoutSessionOrders);
    await insertRows(tx, s.testCheckoutPayments, data.testCheckoutPayments);
    await insertRows(tx, s.payments, data.payments);
    await insertRows(tx, s.pickupSlots, data.pickupSlots);
    await insertRows(tx, s.pickupAppointments, data.pickupAppointments);
    await insertRows(tx, s.pickupAppointmentOrders, data.pickupAppointmentOrders);
    await insertRows(tx, s.notifications, data.notifications);
    await insertRows(tx, s.watchlist, data.watchlist);
    await insertRows(tx, s.listSignups, data.listSignups);
    await insertRows(tx, s.accountSightings, data.accountSightings);
  });

  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(COUNTED_TABLES)) {
    const rows = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from ${table}`));
    counts[name] = Number(rows[0]?.n ?? 0);
  }
  const now = opts.now.getTime();
  const byStatus = (status: string) => data.auctions.filter((a) => a.status === status).length;
  return {
    now: opts.now.toISOString(),
    locationId: data.location.id,
    counts,
    auctions: {
      live: byStatus('live'),
      scheduled: byStatus('scheduled'),
      ended: byStatus('ended'),
      endingWithin10Minutes: data.auctions.filter(
        (a) => a.status === 'live' && (a.endTime as Date).getTime() - now <= 10 * MINUTE,
      ).length,
    },
    imageFiles: data.files.length,
    items: data.items,
    credentials: [
      { email: DEMO_STAFF.email, handle: DEMO_STAFF.handle, password: staffPassword, role: 'staff' },
      ...DEMO_SHOPPERS.map((u) => ({
        email: u.email,
        handle: u.handle,
        password: shopperPassword,
        role: 'shopper' as const,
      })),
    ],
  };
}

// ---------------------------------------------------------------------------------------------
// One item, many lots (docs/product.md "The shopper: more of this item, sold before"; decision 092)

/** The demo's items sold as several units: GTIN or brand and model, as staff would enter them. */
const DEMO_ITEMS = [
  { gtin: '00012345678905', model: null },
  { gtin: '04006381333931', model: null },
  { gtin: '09780306406157', model: null },
  { gtin: null, model: 'RB-200' },
  { gtin: null, model: 'QX-7 Pro' },
] as const;

/** The most units an item gets here, by phase: sold (won and paid), live, upcoming. */
const ITEM_UNITS = { sold: 3, live: 4, scheduled: 2 } as const;

export interface DemoItem {
  title: string;
  brand: string;
  itemKey: string;
  /** Slugs of its units by phase. */
  sold: string[];
  live: string[];
  scheduled: string[];
}

/**
 * Makes five items of several units each out of lots already in the store, without a draw from
 * the random sources (the rest of the demo stays as it was): in each of five categories, a live lot
 * is the item, and other lots of that category become units of it (its title and brand, a GTIN or
 * a model number): up to 3 that ended won and paid ('Sold before'), 4 live and 2 upcoming ('More of
 * this item'). Lots Ava or Ben won or lead, and lots ending within 10 minutes, are left as they are
 * (the journeys rely on them).
 */
function demoItems(
  data: Pick<DemoDataset, 'products' | 'productImages' | 'auctions' | 'orders' | 'notifications' | 'files'>,
  cast: DemoCast,
  now: number,
): DemoItem[] {
  const storyUsers = new Set([cast.ava, cast.ben]);
  const paid = new Set<string>(SOLD_BEFORE_ORDER_STATUSES);
  const paidAuctions = new Set(
    data.orders.filter((o) => paid.has(o.status ?? '') && !storyUsers.has(o.userId)).map((o) => o.auctionId),
  );
  const productById = new Map(data.products.map((p) => [p.id, p]));
  const used = new Set<string>();
  const free = (a: DemoDataset['auctions'][number]) =>
    !used.has(a.productId) &&
    !storyUsers.has(a.leaderUserId ?? '') &&
    !storyUsers.has(a.winnerUserId ?? '') &&
    (a.endTime as Date).getTime() - now > 10 * MINUTE === (a.status !== 'ended');
  const phaseOf = (a: DemoDataset['auctions'][number]) =>
    a.status === 'ended' ? (paidAuctions.has(a.id) ? 'sold' : null) : (a.status as 'live' | 'scheduled');
  const byCategory = new Map<string, DemoDataset['auctions']>();
  for (const a of [...data.auctions].sort((x, y) => (x.id < y.id ? -1 : 1))) {
    const category = productById.get(a.productId)?.categoryId ?? '';
    byCategory.set(category, [...(byCategory.get(category) ?? []), a]);
  }
  const items: DemoItem[] = [];
  const categories = [...byCategory.keys()].sort();
  // A unit's photos are drawn as the item's: its own files (same names, same count) get the item's pictures.
  const fileByPath = new Map(data.files.map((f) => [f.path, f]));
  const photosOf = (productId: string) =>
    data.productImages
      .filter((img) => img.productId === productId)
      .map((img) => fileByPath.get(img.url.replace(/^\/media\//, '')))
      .filter((f) => f !== undefined);
  DEMO_ITEMS.forEach((identity, i) => {
    const lots = (byCategory.get(categories[i % categories.length]!) ?? []).filter(free);
    const base = lots.find((a) => a.status === 'live');
    if (!base) return;
    const baseProduct = productById.get(base.productId)!;
    const units = { sold: [] as string[], live: [] as string[], scheduled: [] as string[] };
    for (const a of lots) {
      const phase = phaseOf(a);
      if (!phase || !free(a)) continue;
      if (a.id !== base.id && units[phase].length >= ITEM_UNITS[phase]) continue;
      const product = productById.get(a.productId)!;
      used.add(product.id);
      const oldTitle = product.title;
      const oldTarget = `/product/${product.slug}`;
      product.title = baseProduct.title;
      product.brand = baseProduct.brand;
      // Its address reads as its title, as every demo slug does (the id keeps it unique).
      if (product.id !== baseProduct.id)
        product.slug = `${slugify(product.title, 64)}-${product.id.replace(/-/g, '').slice(0, 8)}`;
      product.gtin = identity.gtin;
      product.model = identity.model;
      product.itemKey = itemKey({
        gtin: identity.gtin,
        brand: baseProduct.brand ?? '',
        model: identity.model,
      });
      product.modelKey = identity.model ? modelKey(identity.model) : null;
      const basePhotos = photosOf(baseProduct.id);
      photosOf(product.id).forEach((file, n) => {
        const from = basePhotos[n % basePhotos.length];
        if (from && product.id !== baseProduct.id) file.content = from.content;
      });
      // The photos' words and the notices name the lot by its title.
      for (const img of data.productImages)
        if (img.productId === product.id && img.alt) img.alt = img.alt.replace(oldTitle, product.title);
      if (oldTitle !== product.title)
        for (const n of data.notifications)
          if (n.message.includes(oldTitle) && n.targetUrl === oldTarget) {
            n.message = n.message.replace(oldTitle, product.title);
            n.targetUrl = `/product/${product.slug}`;
          }
      (a.id === base.id ? units.live : units[phase]).push(product.slug);
    }
    // A unit whose item is only itself tells nothing: keep items of at least 3 units.
    if (units.sold.length + units.live.length + units.scheduled.length >= 3)
      items.push({
        title: baseProduct.title,
        brand: baseProduct.brand ?? '',
        itemKey: baseProduct.itemKey!,
        ...units,
      });
  });
  return items;
}

/** The demo's unfair bidders, for the staff's Signals page (docs/product.md "Signals of unfair bidding"). */
export const DEMO_SIGNALS_CAST = {
  ringWinner: {
    email: 'quinn.deals@rebound.test',
    handle: 'quinn_deals',
    firstName: 'Quinn',
    lastName: 'Lowe',
  },
  ringPusher: { email: 'quinn.lowe@rebound.test', handle: 'q_lowe', firstName: 'Q', lastName: 'Lowe' },
  scripted: { email: 'fastbids@rebound.test', handle: 'fastbids', firstName: 'Sam', lastName: 'Park' },
} as const;

/**
 * A ring and a script on live lots nobody else bid on: two accounts signed in from one browser (the
 * same device hash), one leading at its maximum while the other raises at the minimum three times and
 * stops at it, on three lots; and an account raising its own maximum ten times a minute apart. Drawn
 * from a random source of its own, after everything else, so the rest of the store does not move.
 */
function seedSignalsRing(
  seed: number,
  now: number,
  lots: {
    auctions: DemoDataset['auctions'];
    bids: DemoDataset['bids'];
    maxBids: DemoDataset['maxBids'];
    bidPlacements: DemoDataset['bidPlacements'];
  },
  locationId: string,
  passwordHash: string,
) {
  const rng = createRng(seed ^ hashString('signals'));
  const users: DemoDataset['users'] = [];
  const accounts: DemoDataset['accounts'] = [];
  const add = (u: (typeof DEMO_SIGNALS_CAST)[keyof typeof DEMO_SIGNALS_CAST], phone: number) => {
    const id = rng.uuid();
    const created = at(floorToMinute(now - 20 * DAY));
    users.push({
      id,
      email: u.email,
      emailVerified: true,
      name: u.handle,
      firstName: u.firstName,
      lastName: u.lastName,
      fullName: `${u.firstName} ${u.lastName}`,
      handle: u.handle,
      phoneNumber: `+1604555${String(900 + phone).padStart(4, '0')}`,
      locationId,
      notificationSettings: {},
      role: 'shopper',
      termsAcceptedAt: created,
      createdAt: created,
      updatedAt: created,
    });
    accounts.push({
      id: rng.uuid(),
      userId: id,
      accountId: id,
      providerId: 'credential',
      password: passwordHash,
      createdAt: created,
      updatedAt: created,
    });
    return id;
  };
  const winner = add(DEMO_SIGNALS_CAST.ringWinner, 1);
  const pusher = add(DEMO_SIGNALS_CAST.ringPusher, 2);
  const script = add(DEMO_SIGNALS_CAST.scripted, 3);
  const device = hashString(`demo-ring-device-${seed}`).toString(36).padStart(8, '0');
  const day = vancouverDate(new Date(now - 2 * DAY));
  const sightings: DemoDataset['accountSightings'] = [winner, pusher].map((userId) => ({
    userId,
    kind: 'device',
    valueHash: `demo-${device}`,
    day,
    seenAt: at(now - 2 * DAY),
  }));

  // Live lots with no bid that started at least an hour ago and run at least another day (staff can
  // still act on them: cancel one of the ring's bids), fixed $1 steps and no reserve.
  const open = lots.auctions
    .filter(
      (a) =>
        a.status === 'live' &&
        a.bidCount === 0 &&
        a.incrementMode === 'fixed' &&
        a.reservePriceCents === null &&
        (a.startTime as Date).getTime() <= now - HOUR &&
        (a.endTime as Date).getTime() >= now + DAY,
    )
    .slice(0, 4);
  const play = (a: (typeof open)[number], moves: { userId: string; amountCents: number; at: number }[]) => {
    let state = initialBidState({
      startingBidCents: a.startingBidCents!,
      increment: { mode: 'fixed', cents: a.bidIncrementCents! },
      reserveCents: null,
      softCloseSeconds: a.softCloseSeconds ?? 60,
      startTime: (a.startTime as Date).getTime(),
      endTime: (a.endTime as Date).getTime(),
    });
    for (const m of moves) {
      const result = placeMaxBid(state, m);
      if (!result.ok) throw new Error(`seedSignalsRing: ${result.rejection.code}`);
      const seq = state.nextSeq;
      lots.bidPlacements.push({
        auctionId: a.id,
        userId: m.userId,
        maxCents: m.amountCents,
        minimumCents: minimumNextBid(state),
        stepCents: incrementAt(state.priceCents ?? state.startingBidCents, state.increment),
        leaderAfter: result.outcome.state.leaderUserId,
        seq,
        placedAt: at(m.at),
      });
      for (const row of result.outcome.historyRows)
        lots.bids.push({
          id: rng.uuid(),
          auctionId: a.id,
          userId: row.userId,
          amountCents: row.amountCents,
          isLeaderRow: row.kind === 'leading',
          seq,
          createdAt: at(m.at),
        });
      state = result.outcome.state;
    }
    for (const m of state.maxBids)
      lots.maxBids.push({
        id: rng.uuid(),
        auctionId: a.id,
        userId: m.userId,
        maxAmountCents: m.amountCents,
        setAt: at(m.setAt),
        seq: m.seq,
        createdAt: at(m.setAt),
        updatedAt: at(m.setAt),
      });
    Object.assign(a, {
      currentPriceCents: state.priceCents ?? a.startingBidCents,
      leaderUserId: state.leaderUserId,
      reserveMet: true,
      bidCount: state.bidCount,
      seq: state.nextSeq - 1,
      endTime: at(state.endTime),
      updatedAt: at(moves[moves.length - 1]!.at),
    });
  };
  if (open.length < 4) return { users, accounts, sightings };
  for (const [i, a] of open.slice(0, 3).entries()) {
    const start = now - 50 * MINUTE + i * 7 * MINUTE;
    const step = a.bidIncrementCents!;
    const top = a.startingBidCents! + 5 * step;
    // The pusher raises at the minimum each time; the winner's earlier maximum holds at `top`.
    play(a, [
      { userId: winner, amountCents: top, at: start },
      { userId: pusher, amountCents: a.startingBidCents! + step, at: start + 41_000 + i * 3_000 },
      { userId: pusher, amountCents: a.startingBidCents! + 3 * step, at: start + 97_000 + i * 5_000 },
      { userId: pusher, amountCents: top, at: start + 160_000 + i * 4_000 },
    ]);
  }
  const scripted = open[3]!;
  play(
    scripted,
    Array.from({ length: 10 }, (_, n) => ({
      userId: script,
      amountCents: scripted.startingBidCents! + (n + 1) * scripted.bidIncrementCents!,
      at: now - 20 * MINUTE + n * MINUTE,
    })),
  );
  return { users, accounts, sightings };
}
