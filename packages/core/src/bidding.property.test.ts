import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { AuctionBidConfig, BidRequest, HistoryRow, MaxBid } from './bidding';
import { cancelMaxBid, initialBidState, minimumNextBid, placeMaxBid, priceFromMaxBids } from './bidding';
import type { IncrementRule } from './increments';

// ---------------------------------------------------------------------------------------------------
// A deliberately simple second implementation of docs/product.md "Bidding and bid history", written without
// the engine's code: it keeps every accepted maximum, re-sorts them from scratch after each bid, and derives
// the history rows case by case.
// ---------------------------------------------------------------------------------------------------

function refIncrement(amount: number, rule: IncrementRule): number {
  if (rule.mode === 'fixed') return rule.cents;
  if (amount >= 500_000) return 10_000;
  if (amount >= 250_000) return 5_000;
  if (amount >= 100_000) return 2_500;
  if (amount >= 50_000) return 1_000;
  if (amount >= 25_000) return 500;
  if (amount >= 10_000) return 250;
  if (amount >= 2_500) return 100;
  if (amount >= 500) return 50;
  if (amount >= 100) return 25;
  return 5;
}

interface RefEntry {
  user: string;
  amount: number;
  time: number;
  order: number;
}

class RefAuction {
  entries: RefEntry[] = [];
  price: number | null = null;
  leader: string | null = null;
  endTime: number;
  rows = 0;
  private counter = 0;

  constructor(readonly config: AuctionBidConfig) {
    this.endTime = config.endTime;
  }

  sorted(): RefEntry[] {
    return [...this.entries].sort((a, b) => b.amount - a.amount || a.time - b.time || a.order - b.order);
  }

  minimum(): number {
    return this.price === null
      ? this.config.startingBidCents
      : this.price + refIncrement(this.price, this.config.increment);
  }

  bid(user: string, amount: number, at: number) {
    if (!(Number.isInteger(amount) && amount > 0 && amount <= Number.MAX_SAFE_INTEGER)) {
      return { ok: false as const, code: 'invalid_amount' };
    }
    if (!(this.config.startTime <= at && at < this.endTime)) return { ok: false as const, code: 'not_live' };
    const own = this.entries.find((e) => e.user === user);
    if (own && amount <= own.amount) return { ok: false as const, code: 'not_higher_than_own' };
    if (amount < this.minimum()) return { ok: false as const, code: 'below_minimum' };

    const prevLeader = this.leader;
    const prevPrice = this.price;
    const prevLeaderMax = this.entries.find((e) => e.user === prevLeader)?.amount ?? null;
    this.entries = this.entries.filter((e) => e.user !== user);
    this.entries.push({ user, amount, time: at, order: this.counter++ });

    const ranked = this.sorted();
    const top = ranked[0]!;
    const second = ranked[1];
    const S = this.config.startingBidCents;
    let price =
      second === undefined
        ? S
        : Math.max(
            S,
            Math.min(top.amount, second.amount + refIncrement(second.amount, this.config.increment)),
          );
    const reserve = this.config.reserveCents;
    const reserveMet = reserve === null || top.amount >= reserve;
    if (reserve !== null && top.amount >= reserve) price = Math.max(price, reserve);
    this.price = price;
    this.leader = top.user;

    const rows: HistoryRow[] = [];
    const outbid: string[] = [];
    if (prevLeader === null) {
      rows.push({ userId: top.user, amountCents: price, kind: 'leading' });
    } else if (top.user === user && prevLeader !== user) {
      rows.push({ userId: prevLeader, amountCents: prevLeaderMax!, kind: 'beaten' });
      rows.push({ userId: user, amountCents: price, kind: 'leading' });
      outbid.push(prevLeader);
    } else if (top.user !== user) {
      rows.push({ userId: user, amountCents: amount, kind: 'beaten' });
      rows.push({ userId: top.user, amountCents: price, kind: 'leading' });
      outbid.push(user);
    } else if (price !== prevPrice) {
      rows.push({ userId: user, amountCents: price, kind: 'leading' });
    }
    this.rows += rows.length;

    const windowMs = this.config.softCloseSeconds * 1000;
    if (rows.length > 0 && this.endTime - at <= windowMs) {
      this.endTime = Math.max(this.endTime, at + windowMs);
    }
    return { ok: true as const, rows, outbid, reserveMet, isLeader: top.user === user };
  }
}

// ---------------------------------------------------------------------------------------------------
// Generators
// ---------------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const START = Date.UTC(2025, 5, 1, 17, 0, 0);
const USERS = ['ana', 'ben', 'chloe', 'dev'] as const;

const configArb: fc.Arbitrary<AuctionBidConfig> = fc.record({
  startingBidCents: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.integer({ min: 1, max: 600_000 })),
  increment: fc.oneof(
    fc.constant<IncrementRule>({ mode: 'table' }),
    fc.integer({ min: 1, max: 1_000 }).map<IncrementRule>((cents) => ({ mode: 'fixed', cents })),
  ),
  reserveCents: fc.option(fc.integer({ min: 1, max: 700_000 }), { nil: null }),
  softCloseSeconds: fc.constantFrom(0, 30, 60, 120),
  startTime: fc.constant(START),
  endTime: fc
    .oneof(
      { weight: 1, arbitrary: fc.integer({ min: 1, max: 2 * MINUTE }) },
      { weight: 4, arbitrary: fc.integer({ min: 10 * MINUTE, max: 60 * MINUTE }) },
    )
    .map((d) => START + d),
});

/** How to choose a bid amount, resolved against the auction as it stands when the bid is placed. */
type AmountSpec =
  | { kind: 'aboveMinimum'; plus: number }
  | { kind: 'belowMinimum'; minus: number }
  | { kind: 'equalToAMaximum'; index: number }
  | { kind: 'ownPlus'; plus: number }
  | { kind: 'absolute'; cents: number }
  | { kind: 'nearReserve'; plus: number }
  | { kind: 'raw'; value: number };

const amountArb: fc.Arbitrary<AmountSpec> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('aboveMinimum' as const),
      plus: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 200_000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('belowMinimum' as const),
      minus: fc.integer({ min: 1, max: 500 }),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('equalToAMaximum' as const), index: fc.nat(10) }) },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('ownPlus' as const), plus: fc.integer({ min: -50, max: 50 }) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('nearReserve' as const),
      plus: fc.integer({ min: -1, max: 1 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('absolute' as const),
      cents: fc.integer({ min: -100, max: 800_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('raw' as const),
      value: fc.constantFrom(0, -1, 0.5, 100.25, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53),
    }),
  },
);

/** When the bid arrives: a gap after the previous one, or relative to the auction's current end. */
type Timing = { gapMs: number } | { fromEndMs: number };

interface Step {
  user: string;
  amount: AmountSpec;
  timing: Timing;
}

const stepArb = (allowBackwards: boolean): fc.Arbitrary<Step> =>
  fc.record({
    user: fc.constantFrom(...USERS),
    amount: amountArb,
    timing: fc.oneof(
      {
        weight: 20,
        arbitrary: fc.record({
          gapMs: fc.oneof(
            { weight: 2, arbitrary: fc.constant(0) },
            { weight: 6, arbitrary: fc.integer({ min: 0, max: 2_000 }) },
            { weight: 2, arbitrary: fc.integer({ min: 0, max: 3 * MINUTE }) },
            { weight: allowBackwards ? 2 : 0, arbitrary: fc.integer({ min: -5_000, max: 0 }) },
          ),
        }),
      },
      // Right at the edges: the exact end instant, a millisecond either side, the soft-close window's edge.
      {
        weight: 1,
        arbitrary: fc.record({
          fromEndMs: fc.constantFrom(0, 1, -1, -1, -1, -30_000, -60_000, -60_000, -60_001, -120_000),
        }),
      },
    ),
  });

function nextTime(timing: Timing, previous: number, ref: RefAuction, allowBackwards: boolean): number {
  if ('gapMs' in timing) return previous + timing.gapMs;
  const target = ref.endTime + timing.fromEndMs;
  return allowBackwards ? target : Math.max(previous, target);
}

function resolveAmount(spec: AmountSpec, ref: RefAuction, user: string): number {
  switch (spec.kind) {
    case 'aboveMinimum':
      return ref.minimum() + spec.plus;
    case 'belowMinimum':
      return ref.minimum() - spec.minus;
    case 'equalToAMaximum': {
      const e = ref.entries[spec.index % Math.max(1, ref.entries.length)];
      return e?.amount ?? ref.minimum();
    }
    case 'ownPlus': {
      const own = ref.entries.find((e) => e.user === user);
      return (own?.amount ?? ref.minimum()) + spec.plus;
    }
    case 'absolute':
      return spec.cents;
    case 'nearReserve':
      return (ref.config.reserveCents ?? ref.minimum()) + spec.plus;
    case 'raw':
      return spec.value;
  }
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

// ---------------------------------------------------------------------------------------------------
// The check
// ---------------------------------------------------------------------------------------------------

function leaderOf(maxBids: readonly MaxBid[]): MaxBid | undefined {
  let best: MaxBid | undefined;
  for (const m of maxBids) {
    if (
      best === undefined ||
      m.amountCents > best.amountCents ||
      (m.amountCents === best.amountCents &&
        (m.setAt < best.setAt || (m.setAt === best.setAt && m.seq < best.seq)))
    ) {
      best = m;
    }
  }
  return best;
}

function checkSequence(
  config: AuctionBidConfig,
  firstOffsetMs: number,
  steps: Step[],
  allowBackwards: boolean,
): void {
  const initial = deepFreeze(initialBidState(config));
  const ref = new RefAuction(config);
  let state = initial;
  let at = config.startTime - firstOffsetMs;
  const accepted: BidRequest[] = [];

  for (const step of steps) {
    at = nextTime(step.timing, at, ref, allowBackwards);
    const bid: BidRequest = {
      userId: step.user,
      amountCents: resolveAmount(step.amount, ref, step.user),
      at,
    };
    const before = state;
    const snapshot = structuredClone(before);
    const result = placeMaxBid(before, bid);
    const expected = ref.bid(bid.userId, bid.amountCents, bid.at);

    // Never mutates its input (it is deep-frozen too, so a write would throw).
    expect(before).toEqual(snapshot);
    // Accepts and rejects exactly as the simple implementation does.
    expect(result.ok ? 'accepted' : result.rejection.code).toBe(expected.ok ? 'accepted' : expected.code);

    if (!result.ok) {
      if (result.rejection.code === 'below_minimum') {
        expect(result.rejection.minimumCents).toBe(ref.minimum());
      }
      if (result.rejection.code === 'not_higher_than_own') {
        expect(result.rejection.currentMaxCents).toBe(ref.entries.find((e) => e.user === bid.userId)?.amount);
      }
      // A rejection leaves the state as it was.
      continue;
    }
    if (!expected.ok) throw new Error('unreachable');
    accepted.push(bid);
    const { outcome } = result;
    state = deepFreeze(outcome.state);

    // Same price, leader, history rows, notifications and end time as the simple implementation.
    expect(state.priceCents).toBe(ref.price);
    expect(state.leaderUserId).toBe(ref.leader);
    expect(outcome.historyRows).toEqual(expected.rows);
    expect(outcome.outbidUserIds).toEqual(expected.outbid);
    expect(outcome.isLeader).toBe(expected.isLeader);
    expect(outcome.reserveMet).toBe(expected.reserveMet);
    expect(state.endTime).toBe(ref.endTime);
    expect(state.bidCount).toBe(ref.rows);

    // The price never exceeds the leader's maximum, and never goes down.
    const leader = leaderOf(state.maxBids)!;
    expect(state.priceCents!).toBeLessThanOrEqual(leader.amountCents);
    expect(state.priceCents!).toBeGreaterThanOrEqual(before.priceCents ?? 0);
    expect(state.priceCents!).toBeGreaterThanOrEqual(config.startingBidCents);
    // The leader holds the highest maximum (ties: set earliest, then accepted first).
    expect(state.leaderUserId).toBe(leader.userId);
    // The end time never goes earlier; it only moves on a price or leader change.
    expect(state.endTime).toBeGreaterThanOrEqual(before.endTime);
    if (!outcome.priceChanged && !outcome.leaderChanged) {
      expect(state.endTime).toBe(before.endTime);
      expect(outcome.historyRows).toEqual([]);
    }
    expect(outcome.extendedEndTime).toBe(state.endTime > before.endTime ? state.endTime : null);
    // One maximum per user, and a user's maximum only ever goes up.
    expect(new Set(state.maxBids.map((m) => m.userId)).size).toBe(state.maxBids.length);
    for (const m of before.maxBids) {
      expect(state.maxBids.find((n) => n.userId === m.userId)!.amountCents).toBeGreaterThanOrEqual(
        m.amountCents,
      );
    }
    // The price is a function of the set of maximums alone.
    const recomputed = priceFromMaxBids(
      [...state.maxBids].reverse(),
      config.startingBidCents,
      config.increment,
      config.reserveCents,
    );
    expect(recomputed.priceCents).toBe(state.priceCents);
    expect(recomputed.leaderUserId).toBe(state.leaderUserId);
    // The last history row, when there is one, is the leader at the new price.
    const last = outcome.historyRows.at(-1);
    if (last !== undefined)
      expect(last).toEqual({ userId: state.leaderUserId, amountCents: state.priceCents, kind: 'leading' });
    expect(minimumNextBid(state)).toBeGreaterThan(state.priceCents!);
  }

  // Replaying only the accepted bids, in order, from the initial state gives the same final state.
  let replayed = initial;
  for (const bid of accepted) {
    const r = placeMaxBid(replayed, bid);
    if (!r.ok) throw new Error(`replayed bid rejected: ${JSON.stringify(r.rejection)}`);
    replayed = r.outcome.state;
  }
  expect(replayed).toEqual(state);
}

describe('bidding engine properties', () => {
  it('matches a simple reimplementation and keeps its invariants over random bid sequences', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000 })),
        fc.array(stepArb(false), { minLength: 1, maxLength: 60, size: 'max' }),
        (config, firstOffsetMs, steps) => checkSequence(config, firstOffsetMs, steps, false),
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it('still holds when the clock passed in steps backwards now and then', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 5_000 })),
        fc.array(stepArb(true), { minLength: 1, maxLength: 60, size: 'max' }),
        (config, firstOffsetMs, steps) => checkSequence(config, firstOffsetMs, steps, true),
      ),
      { numRuns: 200 },
    );
  });

  it('the price and leader do not depend on the order the maximums are listed in', () => {
    const maxBidsArb = fc
      .uniqueArray(
        fc.record({
          userId: fc.constantFrom(...USERS, 'eve', 'fay'),
          amountCents: fc.integer({ min: 1, max: 100_000 }),
          setAt: fc.integer({ min: 0, max: 5 }),
        }),
        { selector: (m) => m.userId, minLength: 1 },
      )
      .map((list) => list.map((m, i) => ({ ...m, seq: i + 1 })));
    fc.assert(
      fc.property(maxBidsArb, configArb, fc.nat(), (maxBids, config, seed) => {
        const shuffled = [...maxBids];
        let s = seed;
        for (let i = shuffled.length - 1; i > 0; i--) {
          s = (s * 1_103_515_245 + 12_345) % 2 ** 31;
          const j = s % (i + 1);
          [shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!];
        }
        const a = priceFromMaxBids(maxBids, config.startingBidCents, config.increment, config.reserveCents);
        const b = priceFromMaxBids(shuffled, config.startingBidCents, config.increment, config.reserveCents);
        expect(b).toEqual(a);
      }),
    );
  });

  it('the store cancelling a maximum: price never up, end unchanged, the history of the others alone', () => {
    fc.assert(
      fc.property(
        configArb,
        fc.array(fc.record({ user: fc.constantFrom(...USERS), over: fc.integer({ min: 0, max: 5_000 }) }), {
          minLength: 1,
          maxLength: 25,
        }),
        fc.constantFrom(...USERS),
        (config, bids, victim) => {
          let state = initialBidState(config);
          let at = START;
          for (const b of bids) {
            at += 1;
            if (at >= state.endTime) break;
            const own = state.maxBids.find((m) => m.userId === b.user)?.amountCents ?? 0;
            const amount = Math.max(minimumNextBid(state), own + 1) + b.over;
            const r = placeMaxBid(state, { userId: b.user, amountCents: amount, at });
            if (r.ok) state = r.outcome.state;
          }
          const when = Math.min(at + 1, state.endTime - 1);
          const r = cancelMaxBid(deepFreeze(state), victim, when);
          if (!state.maxBids.some((m) => m.userId === victim) || when < START) {
            expect(r.ok).toBe(false);
            return;
          }
          if (!r.ok) throw new Error(JSON.stringify(r.rejection));
          const o = r.outcome;
          expect(o.state.endTime).toBe(state.endTime);
          expect(o.state.maxBids.some((m) => m.userId === victim)).toBe(false);
          expect(o.state.maxBids).toHaveLength(state.maxBids.length - 1);
          if (state.priceCents !== null && o.state.priceCents !== null)
            expect(o.state.priceCents).toBeLessThanOrEqual(state.priceCents);
          // Price and leader are the remaining set's; the history never names the cancelled shopper
          // and ends on the leader at the price.
          const fresh = priceFromMaxBids(
            o.state.maxBids,
            config.startingBidCents,
            config.increment,
            config.reserveCents,
          );
          expect([o.state.priceCents, o.state.leaderUserId]).toEqual([fresh.priceCents, fresh.leaderUserId]);
          expect(o.history.some((h) => h.userId === victim)).toBe(false);
          const last = o.history[o.history.length - 1];
          if (o.state.leaderUserId !== null)
            expect(last).toEqual({
              userId: o.state.leaderUserId,
              amountCents: o.state.priceCents,
              kind: 'leading',
            });
          else expect(o.history).toEqual([]);
          expect(o.state.bidCount).toBe(o.history.length);
        },
      ),
      { numRuns: 300 },
    );
  });
});
