import { describe, expect, it } from 'vitest';
import type { AuctionBidConfig, AuctionBidState, BidOutcome, BidRejection, HistoryRow } from './bidding';
import {
  bidSuccessMessage,
  cancelMaxBid,
  checkMaxBidRequest,
  compareHistoryRows,
  hasEnded,
  inBidsFilter,
  initialBidState,
  isLive,
  isReserveMet,
  MAX_BID_CENTS,
  maxBidProblemParams,
  minimumNextBid,
  placeMaxBid,
  priceFromMaxBids,
  rankMaxBids,
  standing,
  standingOf,
} from './bidding';
import { RESERVE_NOT_MET_STANDING } from './bidding-text';

const T0 = Date.UTC(2025, 5, 1, 17, 0, 0);
const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const END = T0 + 60 * MINUTE;

function auction(overrides: Partial<AuctionBidConfig> = {}): AuctionBidState {
  return initialBidState({
    startingBidCents: 1_000,
    increment: { mode: 'table' },
    reserveCents: null,
    softCloseSeconds: 60,
    startTime: T0,
    endTime: END,
    ...overrides,
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

let clock = T0;
/** Places an accepted bid (each at a later time than the previous unless `at` is given). */
function accept(state: AuctionBidState, userId: string, amountCents: number, at?: number): BidOutcome {
  clock += SECOND;
  const snapshot = structuredClone(state);
  const result = placeMaxBid(deepFreeze(state), { userId, amountCents, at: at ?? clock });
  expect(state).toEqual(snapshot);
  if (!result.ok) throw new Error(`expected acceptance, got ${JSON.stringify(result.rejection)}`);
  return result.outcome;
}

function reject(state: AuctionBidState, userId: string, amountCents: number, at = T0 + MINUTE): BidRejection {
  const snapshot = structuredClone(state);
  const result = placeMaxBid(deepFreeze(state), { userId, amountCents, at });
  expect(state).toEqual(snapshot);
  if (result.ok) throw new Error('expected a rejection');
  return result.rejection;
}

/** Places the bids in order, returning the final state. */
function run(state: AuctionBidState, bids: [string, number][]): AuctionBidState {
  let s = state;
  for (const [user, amount] of bids) s = accept(s, user, amount).state;
  return s;
}

const row = (userId: string, amountCents: number, kind: HistoryRow['kind']): HistoryRow => ({
  userId,
  amountCents,
  kind,
});

describe('validation', () => {
  it.each([0, -100, 10.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'rejects %s cents as an invalid amount',
    (amount) => {
      expect(reject(auction(), 'a', amount)).toEqual({ code: 'invalid_amount' });
    },
  );

  it('checks the amount before liveness', () => {
    expect(reject(auction(), 'a', 0, END + MINUTE)).toEqual({ code: 'invalid_amount' });
  });

  it('rejects a bid before the start', () => {
    expect(reject(auction(), 'a', 5_000, T0 - 1)).toEqual({ code: 'not_live' });
  });

  it('accepts a bid at the exact start instant', () => {
    expect(accept(auction(), 'a', 5_000, T0).isLeader).toBe(true);
  });

  it('treats a bid at the exact end instant as late', () => {
    expect(reject(auction(), 'a', 5_000, END)).toEqual({ code: 'not_live' });
  });

  it('accepts a bid one millisecond before the end', () => {
    expect(accept(auction(), 'a', 5_000, END - 1).state.priceCents).toBe(1_000);
  });

  it('rejects any bid on a cancelled auction', () => {
    expect(reject({ ...auction(), cancelled: true }, 'a', 5_000)).toEqual({ code: 'not_live' });
  });

  it('checks liveness before the own-maximum and minimum checks', () => {
    const s = run(auction(), [['a', 5_000]]);
    expect(reject(s, 'a', 4_000, END)).toEqual({ code: 'not_live' });
    expect(reject(s, 'b', 100, END)).toEqual({ code: 'not_live' });
  });

  it('requires a new maximum strictly higher than the bidder’s own', () => {
    const s = run(auction(), [['a', 5_000]]);
    expect(reject(s, 'a', 5_000)).toEqual({ code: 'not_higher_than_own', currentMaxCents: 5_000 });
    expect(reject(s, 'a', 4_999)).toEqual({ code: 'not_higher_than_own', currentMaxCents: 5_000 });
  });

  it('checks the own maximum before the minimum', () => {
    // Price $10.00, minimum $10.50; a's own maximum $50.00. $9.00 fails both: the own-maximum message wins.
    const s = run(auction(), [['a', 5_000]]);
    expect(reject(s, 'a', 900)).toEqual({ code: 'not_higher_than_own', currentMaxCents: 5_000 });
  });

  it('a beaten bidder raising still has to clear the minimum', () => {
    const s = run(auction(), [
      ['a', 5_000],
      ['b', 2_000],
    ]);
    expect(s.priceCents).toBe(2_050);
    expect(reject(s, 'b', 2_050)).toEqual({ code: 'below_minimum', minimumCents: 2_100 });
  });
});

describe('minimum next bid', () => {
  it('is the starting bid while nobody has bid', () => {
    const s = auction();
    expect(minimumNextBid(s)).toBe(1_000);
    expect(reject(s, 'a', 999)).toEqual({ code: 'below_minimum', minimumCents: 1_000 });
    expect(accept(s, 'a', 1_000).state.priceCents).toBe(1_000);
  });

  it('is P + inc(P) after the first bid, for a newcomer', () => {
    const s = run(auction(), [['a', 5_000]]);
    expect(minimumNextBid(s)).toBe(1_050);
    expect(reject(s, 'b', 1_049)).toEqual({ code: 'below_minimum', minimumCents: 1_050 });
    expect(accept(s, 'b', 1_050).state.priceCents).toBe(1_100);
  });

  it('applies to the leader too', () => {
    // a and b both at $20.00; a set first and leads at $20.00 (capped at their maximum).
    const s = run(auction(), [
      ['a', 2_000],
      ['b', 2_000],
    ]);
    expect(s.leaderUserId).toBe('a');
    expect(s.priceCents).toBe(2_000);
    expect(reject(s, 'a', 2_001)).toEqual({ code: 'below_minimum', minimumCents: 2_050 });
    expect(accept(s, 'a', 2_050).state.priceCents).toBe(2_050);
  });

  it('uses the increment at the current price, across table boundaries', () => {
    const at = (price: number) => minimumNextBid({ ...auction({ startingBidCents: 1 }), priceCents: price });
    expect(at(99)).toBe(104);
    expect(at(100)).toBe(125);
    expect(at(499)).toBe(524);
    expect(at(500)).toBe(550);
    expect(at(9_950)).toBe(10_050);
    expect(at(10_000)).toBe(10_250);
    expect(at(500_000)).toBe(510_000);
  });

  it('uses a fixed increment when the auction has one', () => {
    const s = { ...auction({ increment: { mode: 'fixed', cents: 200 } }), priceCents: 1_000 };
    expect(minimumNextBid(s)).toBe(1_200);
  });
});

describe('price and leader', () => {
  it('the first bid leads at the starting bid, however high the maximum', () => {
    const o = accept(auction(), 'a', 100_000);
    expect(o.state.priceCents).toBe(1_000);
    expect(o.state.leaderUserId).toBe('a');
    expect(o.historyRows).toEqual([row('a', 1_000, 'leading')]);
    expect(o.state.bidCount).toBe(1);
    expect(o).toMatchObject({
      priceChanged: true,
      leaderChanged: true,
      previousLeaderUserId: null,
      outbidUserIds: [],
      isLeader: true,
      reserveMet: true,
      extendedEndTime: null,
    });
    expect(o.state.maxBids).toEqual([{ userId: 'a', amountCents: 100_000, setAt: clock, seq: 1 }]);
    expect(o.state.nextSeq).toBe(2);
  });

  it('a lower newcomer is beaten by the leader’s proxy at M2 + inc(M2)', () => {
    const s = run(auction(), [['a', 5_000]]);
    const o = accept(s, 'b', 3_000);
    expect(o.state.priceCents).toBe(3_100);
    expect(o.state.leaderUserId).toBe('a');
    expect(o.historyRows).toEqual([row('b', 3_000, 'beaten'), row('a', 3_100, 'leading')]);
    expect(o.state.bidCount).toBe(3);
    expect(o).toMatchObject({
      priceChanged: true,
      leaderChanged: false,
      previousLeaderUserId: 'a',
      outbidUserIds: ['b'],
      isLeader: false,
    });
  });

  it('a higher newcomer overtakes: the old leader’s maximum is beaten and made public', () => {
    const s = run(auction(), [['a', 3_000]]);
    const o = accept(s, 'b', 5_000);
    expect(o.state.priceCents).toBe(3_100);
    expect(o.state.leaderUserId).toBe('b');
    expect(o.historyRows).toEqual([row('a', 3_000, 'beaten'), row('b', 3_100, 'leading')]);
    expect(o).toMatchObject({
      priceChanged: true,
      leaderChanged: true,
      previousLeaderUserId: 'a',
      outbidUserIds: ['a'],
      isLeader: true,
    });
  });

  it('caps the price at the leader’s maximum', () => {
    // M2 + inc(M2) = 3000 + 100 = 3100 > M1 = 3050, so P = 3050.
    const s = run(auction(), [['a', 3_000]]);
    const o = accept(s, 'b', 3_050);
    expect(o.state.priceCents).toBe(3_050);
    expect(o.historyRows).toEqual([row('a', 3_000, 'beaten'), row('b', 3_050, 'leading')]);
  });

  it('equal maximums: the earlier one wins, at that amount', () => {
    const s = run(auction(), [['a', 4_000]]);
    const o = accept(s, 'b', 4_000);
    expect(o.state.leaderUserId).toBe('a');
    expect(o.state.priceCents).toBe(4_000);
    expect(o.historyRows).toEqual([row('b', 4_000, 'beaten'), row('a', 4_000, 'leading')]);
    expect(o.outbidUserIds).toEqual(['b']);
  });

  it('equal maximums set in the same millisecond: the one accepted first wins', () => {
    const s = accept(auction(), 'a', 4_000, T0 + MINUTE).state;
    const o = accept(s, 'b', 4_000, T0 + MINUTE);
    expect(o.state.leaderUserId).toBe('a');
  });

  it('raising a maximum resets its time for the tie-break', () => {
    // a bid first; b overtakes; a raises to exactly b's maximum: b's maximum is now the earlier one.
    const s = run(auction(), [
      ['a', 2_000],
      ['b', 3_000],
    ]);
    expect(s.leaderUserId).toBe('b');
    const o = accept(s, 'a', 3_000);
    expect(o.state.leaderUserId).toBe('b');
    expect(o.state.priceCents).toBe(3_000);
    expect(o.historyRows).toEqual([row('a', 3_000, 'beaten'), row('b', 3_000, 'leading')]);
    expect(o.outbidUserIds).toEqual(['a']);
  });

  it('a beaten bidder raising but still below the leader is beaten again', () => {
    const s = run(auction(), [
      ['a', 10_000],
      ['b', 3_000],
    ]);
    const o = accept(s, 'b', 6_000);
    expect(o.state.priceCents).toBe(6_100);
    expect(o.historyRows).toEqual([row('b', 6_000, 'beaten'), row('a', 6_100, 'leading')]);
    expect(o.outbidUserIds).toEqual(['b']);
  });

  it('a beaten bidder raising above the leader takes the lead', () => {
    const s = run(auction(), [
      ['a', 5_000],
      ['b', 3_000],
    ]);
    const o = accept(s, 'b', 8_000);
    expect(o.state.leaderUserId).toBe('b');
    expect(o.state.priceCents).toBe(5_100);
    expect(o.historyRows).toEqual([row('a', 5_000, 'beaten'), row('b', 5_100, 'leading')]);
    expect(o.outbidUserIds).toEqual(['a']);
  });

  it('three bidders: the price follows the top two only', () => {
    const s = run(auction(), [
      ['a', 5_000],
      ['b', 3_000],
      ['c', 4_000],
    ]);
    expect(s.leaderUserId).toBe('a');
    expect(s.priceCents).toBe(4_100);
    expect(s.bidCount).toBe(5);
    expect(s.maxBids.map((m) => m.userId)).toEqual(['a', 'b', 'c']);
  });

  it('a leader raising without moving the price adds no row and is still accepted', () => {
    const s = run(auction(), [
      ['a', 5_000],
      ['b', 3_000],
    ]);
    const o = accept(s, 'a', 9_000);
    expect(o.historyRows).toEqual([]);
    expect(o.state.priceCents).toBe(3_100);
    expect(o.state.bidCount).toBe(s.bidCount);
    expect(o.state.nextSeq).toBe(s.nextSeq + 1);
    expect(o.state.maxBids.find((m) => m.userId === 'a')?.amountCents).toBe(9_000);
    expect(o).toMatchObject({
      priceChanged: false,
      leaderChanged: false,
      outbidUserIds: [],
      isLeader: true,
      extendedEndTime: null,
    });
  });

  it('a leader raising when the price was capped at their maximum moves the price', () => {
    const s = run(auction(), [
      ['a', 2_000],
      ['b', 2_000],
    ]);
    const o = accept(s, 'a', 5_000);
    expect(o.state.priceCents).toBe(2_050);
    expect(o.historyRows).toEqual([row('a', 2_050, 'leading')]);
    expect(o).toMatchObject({ priceChanged: true, leaderChanged: false, outbidUserIds: [] });
  });

  it('fixed increment versus the table', () => {
    const bids: [string, number][] = [
      ['a', 5_000],
      ['b', 2_000],
    ];
    expect(run(auction(), bids).priceCents).toBe(2_050); // table: $0.50 at $20
    expect(run(auction({ increment: { mode: 'fixed', cents: 100 } }), bids).priceCents).toBe(2_100);
    expect(run(auction({ increment: { mode: 'fixed', cents: 7 } }), bids).priceCents).toBe(2_007);
  });

  it.each([
    [99, 104],
    [100, 125],
    [499, 524],
    [500, 550],
    [2_499, 2_549],
    [2_500, 2_600],
    [9_999, 10_099],
    [10_000, 10_250],
    [24_999, 25_249],
    [25_000, 25_500],
    [49_999, 50_499],
    [50_000, 51_000],
    [99_999, 100_999],
    [100_000, 102_500],
    [249_999, 252_499],
    [250_000, 255_000],
    [499_999, 504_999],
    [500_000, 510_000],
  ])('table: runner-up at %i cents gives a price of %i cents', (m2, price) => {
    const s = run(auction({ startingBidCents: 50 }), [
      ['a', 1_000_000],
      ['b', m2],
    ]);
    expect(s.priceCents).toBe(price);
  });
});

describe('reserve', () => {
  const withReserve = () => auction({ reserveCents: 5_000 });

  it('is not met while the leader’s maximum is below it; the price ignores it', () => {
    const o = accept(withReserve(), 'a', 4_999);
    expect(o.state.priceCents).toBe(1_000);
    expect(o.reserveMet).toBe(false);
    expect(isReserveMet(o.state)).toBe(false);
  });

  it('a single bidder at or above the reserve leads at the reserve', () => {
    const o = accept(withReserve(), 'a', 8_000);
    expect(o.state.priceCents).toBe(5_000);
    expect(o.reserveMet).toBe(true);
    expect(o.historyRows).toEqual([row('a', 5_000, 'leading')]);
  });

  it('a maximum exactly at the reserve meets it', () => {
    expect(accept(withReserve(), 'a', 5_000).reserveMet).toBe(true);
  });

  it('the leader raising to meet the reserve makes the price jump to it', () => {
    const s = run(withReserve(), [['a', 3_000]]);
    const o = accept(s, 'a', 6_000);
    expect(o.state.priceCents).toBe(5_000);
    expect(o.historyRows).toEqual([row('a', 5_000, 'leading')]);
    expect(o).toMatchObject({
      priceChanged: true,
      leaderChanged: false,
      outbidUserIds: [],
      reserveMet: true,
    });
  });

  it('not met -> met by a newcomer overtaking', () => {
    const s = run(withReserve(), [
      ['a', 3_000],
      ['b', 4_000],
    ]);
    expect(s.priceCents).toBe(3_100);
    expect(isReserveMet(s)).toBe(false);
    const o = accept(s, 'a', 6_000);
    expect(o.state.leaderUserId).toBe('a');
    expect(o.state.priceCents).toBe(5_000);
    expect(o.historyRows).toEqual([row('b', 4_000, 'beaten'), row('a', 5_000, 'leading')]);
  });

  it('once the competition is above the reserve, the reserve no longer matters', () => {
    const s = run(withReserve(), [
      ['a', 10_000],
      ['b', 8_000],
    ]);
    expect(s.priceCents).toBe(8_100);
  });

  it('has no effect when it is at or below the starting bid', () => {
    const o = accept(auction({ reserveCents: 500 }), 'a', 2_000);
    expect(o.state.priceCents).toBe(1_000);
    expect(o.reserveMet).toBe(true);
  });
});

describe('soft close', () => {
  const twoBidders = () =>
    run(auction(), [
      ['a', 5_000],
      ['b', 2_000],
    ]);

  it('does not extend when more than the window remains', () => {
    const o = accept(twoBidders(), 'c', 3_000, END - MINUTE - 1);
    expect(o.extendedEndTime).toBeNull();
    expect(o.state.endTime).toBe(END);
  });

  it('with exactly the window remaining, the end is already at bid time + window', () => {
    const o = accept(twoBidders(), 'c', 3_000, END - MINUTE);
    expect(o.extendedEndTime).toBeNull();
    expect(o.state.endTime).toBe(END);
  });

  it('extends to bid time + window when less remains', () => {
    const at = END - 30 * SECOND;
    const o = accept(twoBidders(), 'c', 3_000, at);
    expect(o.extendedEndTime).toBe(at + MINUTE);
    expect(o.state.endTime).toBe(at + MINUTE);
  });

  it('extends from a bid one millisecond before the end, which then allows a bid at the old end', () => {
    const o = accept(twoBidders(), 'c', 3_000, END - 1);
    expect(o.state.endTime).toBe(END - 1 + MINUTE);
    expect(isLive(o.state, END)).toBe(true);
    expect(accept(o.state, 'd', 4_000, END).state.leaderUserId).toBe('a');
  });

  it('extends on a leader change as on a price change', () => {
    const o = accept(twoBidders(), 'c', 9_000, END - 10 * SECOND);
    expect(o.leaderChanged).toBe(true);
    expect(o.state.endTime).toBe(END + 50 * SECOND);
  });

  it('does not extend when the leader raises without moving the price', () => {
    const o = accept(twoBidders(), 'a', 9_000, END - 10 * SECOND);
    expect(o.priceChanged).toBe(false);
    expect(o.extendedEndTime).toBeNull();
    expect(o.state.endTime).toBe(END);
  });

  it('extends when the leader’s raise moves the price', () => {
    const s = run(auction({ reserveCents: 5_000 }), [['a', 3_000]]);
    const o = accept(s, 'a', 6_000, END - 10 * SECOND);
    expect(o.state.endTime).toBe(END + 50 * SECOND);
  });

  it('never extends on a rejected bid', () => {
    const s = twoBidders();
    expect(reject(s, 'c', 100, END - SECOND).code).toBe('below_minimum');
    expect(s.endTime).toBe(END);
  });

  it('follows the auction’s own window', () => {
    const s = run(auction({ softCloseSeconds: 120 }), [['a', 5_000]]);
    const o = accept(s, 'b', 2_000, END - 90 * SECOND);
    expect(o.state.endTime).toBe(END + 30 * SECOND);
  });

  it('a window of 0 never extends', () => {
    const s = run(auction({ softCloseSeconds: 0 }), [['a', 5_000]]);
    const o = accept(s, 'b', 2_000, END - 1);
    expect(o.state.endTime).toBe(END);
  });
});

describe('priceFromMaxBids', () => {
  const m = (userId: string, amountCents: number, setAt: number, seq: number) => ({
    userId,
    amountCents,
    setAt,
    seq,
  });

  it('no maximums: no price, no leader', () => {
    expect(priceFromMaxBids([], 1_000, { mode: 'table' }, null)).toEqual({
      priceCents: null,
      leaderUserId: null,
      leaderMaxCents: null,
      reserveMet: true,
    });
    expect(priceFromMaxBids([], 1_000, { mode: 'table' }, 5_000).reserveMet).toBe(false);
  });

  it('depends on the set, not the order it is listed in', () => {
    const bids = [m('a', 3_000, 10, 1), m('b', 5_000, 20, 2), m('c', 5_000, 15, 3)];
    const expected = { priceCents: 5_000, leaderUserId: 'c', leaderMaxCents: 5_000, reserveMet: true };
    expect(priceFromMaxBids(bids, 1_000, { mode: 'table' }, null)).toEqual(expected);
    expect(priceFromMaxBids([...bids].reverse(), 1_000, { mode: 'table' }, null)).toEqual(expected);
  });

  it('ranks by amount, then time set, then seq', () => {
    const bids = [m('a', 3_000, 10, 4), m('b', 3_000, 10, 2), m('c', 3_000, 5, 9), m('d', 4_000, 99, 1)];
    expect(rankMaxBids(bids).map((x) => x.userId)).toEqual(['d', 'c', 'b', 'a']);
  });

  it('uses the increment looked up at the runner-up’s maximum', () => {
    const bids = [m('a', 100_000, 1, 1), m('b', 9_999, 2, 2)];
    expect(priceFromMaxBids(bids, 100, { mode: 'table' }, null).priceCents).toBe(10_099);
  });
});

describe('standing', () => {
  const s = () =>
    run(auction(), [
      ['a', 5_000],
      ['b', 2_000],
    ]);

  it('is none for a user without a maximum', () => {
    expect(standing(s(), 'z', T0 + MINUTE)).toBe('none');
    expect(standing(s(), 'z', END)).toBe('none');
  });

  it('while running: winning for the leader, outbid for the others', () => {
    expect(standing(s(), 'a', END - 1)).toBe('winning');
    expect(standing(s(), 'b', END - 1)).toBe('outbid');
  });

  it('from the exact end: won for the leader, lost for the others', () => {
    expect(standing(s(), 'a', END)).toBe('won');
    expect(standing(s(), 'b', END)).toBe('lost');
  });

  it('the leader below the reserve is not winning while running (reserve_not_met), then loses', () => {
    const r = run(auction({ reserveCents: 9_000 }), [['a', 5_000]]);
    expect(standing(r, 'a', END - 1)).toBe('reserve_not_met');
    expect(standing(r, 'a', END)).toBe('lost');
    // Raising the maximum to the reserve makes them the usual leader.
    const met = run(auction({ reserveCents: 9_000 }), [
      ['a', 5_000],
      ['a', 9_000],
    ]);
    expect(standing(met, 'a', END - 1)).toBe('winning');
    expect(standing(met, 'a', END)).toBe('won');
  });

  it('nobody wins a cancelled auction', () => {
    const c = { ...s(), cancelled: true };
    expect(hasEnded(c, T0 + MINUTE)).toBe(true);
    expect(standing(c, 'a', T0 + MINUTE)).toBe('lost');
    expect(standing(c, 'b', T0 + MINUTE)).toBe('lost');
  });
});

describe('standingOf (the rule of standing, on stored facts)', () => {
  const facts = { hasMax: true, leads: true, over: false, cancelled: false, reserveMet: true };

  it('is none without a maximum, whatever else holds', () => {
    expect(standingOf({ ...facts, hasMax: false })).toBe('none');
    expect(standingOf({ ...facts, hasMax: false, over: true })).toBe('none');
  });

  it('while running: winning when leading with the reserve met, reserve_not_met below it, else outbid', () => {
    expect(standingOf(facts)).toBe('winning');
    expect(standingOf({ ...facts, reserveMet: false })).toBe('reserve_not_met');
    expect(standingOf({ ...facts, reserveMet: false, leads: false })).toBe('outbid');
    expect(standingOf({ ...facts, leads: false })).toBe('outbid');
  });

  it('once over: won only leading, reserve met and not cancelled', () => {
    const over = { ...facts, over: true };
    expect(standingOf(over)).toBe('won');
    expect(standingOf({ ...over, reserveMet: false })).toBe('lost');
    expect(standingOf({ ...over, cancelled: true })).toBe('lost');
    expect(standingOf({ ...over, leads: false })).toBe('lost');
  });

  it('agrees with standing on real auctions, before and after the end', () => {
    for (const reserveCents of [null, 4_000, 9_000]) {
      const r = run(auction({ reserveCents }), [
        ['b', 2_000],
        ['a', 5_000],
      ]);
      for (const user of ['a', 'b', 'z']) {
        for (const now of [END - 1, END]) {
          expect(
            standingOf({
              hasMax: r.maxBids.some((m) => m.userId === user),
              leads: r.leaderUserId === user,
              over: hasEnded(r, now),
              cancelled: false,
              reserveMet: isReserveMet(r),
            }),
          ).toBe(standing(r, user, now));
        }
      }
    }
  });
});

describe('inBidsFilter (My Bids: All / Winning / Losing)', () => {
  it('all holds every auction with a maximum; winning and losing only running ones', () => {
    expect(['winning', 'outbid', 'won', 'lost'].every((s) => inBidsFilter(s as never, 'all'))).toBe(true);
    expect(inBidsFilter('none', 'all')).toBe(false);
    expect(inBidsFilter('winning', 'winning')).toBe(true);
    expect(inBidsFilter('won', 'winning')).toBe(false);
    expect(inBidsFilter('outbid', 'winning')).toBe(false);
    expect(inBidsFilter('outbid', 'losing')).toBe(true);
    expect(inBidsFilter('lost', 'losing')).toBe(false);
    expect(inBidsFilter('winning', 'losing')).toBe(false);
  });

  it('a leader below the reserve is in all only: not counted as winning (nor as losing)', () => {
    expect(inBidsFilter('reserve_not_met', 'all')).toBe(true);
    expect(inBidsFilter('reserve_not_met', 'winning')).toBe(false);
    expect(inBidsFilter('reserve_not_met', 'losing')).toBe(false);
  });
});

describe('bidSuccessMessage', () => {
  it('never tells a leader below the reserve they have got the highest bid', () => {
    expect(bidSuccessMessage('winning')).toBe("You've got the highest bid!");
    expect(bidSuccessMessage('reserve_not_met')).toBe('Highest bid, reserve not met');
    expect(RESERVE_NOT_MET_STANDING).toBe('Highest bid, reserve not met');
    expect(bidSuccessMessage('outbid')).toBe('Highest bid set!');
  });
});

describe('isLive', () => {
  it('is start-inclusive, end-exclusive, and false when cancelled', () => {
    const s = auction();
    expect(isLive(s, T0 - 1)).toBe(false);
    expect(isLive(s, T0)).toBe(true);
    expect(isLive(s, END - 1)).toBe(true);
    expect(isLive(s, END)).toBe(false);
    expect(isLive({ ...s, cancelled: true }, T0 + 1)).toBe(false);
  });
});

describe('public history order', () => {
  it('lists the highest amount first, the leading row first at equal amounts, else as written', () => {
    const s0 = auction();
    const rows: HistoryRow[] = [];
    let s = s0;
    for (const [user, amount] of [
      ['a', 4_000],
      ['b', 4_000],
      ['d', 6_000],
    ] as const) {
      const o = accept(s, user, amount);
      rows.push(...o.historyRows);
      s = o.state;
    }
    expect(rows).toEqual([
      row('a', 1_000, 'leading'),
      row('b', 4_000, 'beaten'),
      row('a', 4_000, 'leading'),
      row('a', 4_000, 'beaten'),
      row('d', 4_100, 'leading'),
    ]);
    expect(s.bidCount).toBe(rows.length);
    expect([...rows].sort(compareHistoryRows)).toEqual([
      row('d', 4_100, 'leading'),
      row('a', 4_000, 'leading'),
      row('b', 4_000, 'beaten'),
      row('a', 4_000, 'beaten'),
      row('a', 1_000, 'leading'),
    ]);
  });
});

describe('checkMaxBidRequest (the bid route and the bid form ask it alike)', () => {
  const shopper = { role: 'shopper', status: 'active' } as const;

  it('refuses staff, then a suspended account, before the amount', () => {
    expect(checkMaxBidRequest({ bidder: { ...shopper, role: 'staff' }, amountCents: null })).toEqual({
      code: 'staff_cannot_bid',
    });
    expect(checkMaxBidRequest({ bidder: { ...shopper, status: 'suspended' }, amountCents: 5_000 })).toEqual({
      code: 'account_suspended',
    });
  });

  it('refuses an amount that is not money, and one above $100,000', () => {
    expect(MAX_BID_CENTS).toBe(10_000_000);
    for (const amountCents of [null, 0, -100, 1.5]) {
      expect(checkMaxBidRequest({ bidder: shopper, amountCents })).toEqual({ code: 'invalid_bid_amount' });
    }
    expect(checkMaxBidRequest({ bidder: shopper, amountCents: 10_000_100 })).toEqual({
      code: 'bid_too_high',
      maxCents: 10_000_000,
    });
    expect(checkMaxBidRequest({ bidder: shopper, amountCents: 10_000_000 })).toBeNull();
  });

  it('checks the own maximum and the minimum only when given (the engine checks them under the lock)', () => {
    expect(checkMaxBidRequest({ bidder: shopper, amountCents: 100 })).toBeNull();
    expect(checkMaxBidRequest({ bidder: shopper, amountCents: 3_000, ownMaxCents: 3_000 })).toEqual({
      code: 'bid_not_higher_than_own',
      currentMaxCents: 3_000,
    });
    expect(checkMaxBidRequest({ bidder: shopper, amountCents: 2_000, minimumNextBidCents: 2_100 })).toEqual({
      code: 'bid_too_low',
      minimumCents: 2_100,
    });
  });
});

describe('maxBidProblemParams (the figures the route and the form both put in the message)', () => {
  it('names the bound, the own maximum or the minimum, formatted; nothing for the other problems', () => {
    expect(maxBidProblemParams({ code: 'bid_too_high', maxCents: MAX_BID_CENTS })).toEqual({
      amount: '$100,000.00',
    });
    expect(maxBidProblemParams({ code: 'bid_not_higher_than_own', currentMaxCents: 2_000 })).toEqual({
      amount: '$20.00',
    });
    expect(maxBidProblemParams({ code: 'bid_too_low', minimumCents: 2_500 })).toEqual({ amount: '$25.00' });
    expect(maxBidProblemParams({ code: 'invalid_bid_amount' })).toEqual({});
    expect(maxBidProblemParams({ code: 'staff_cannot_bid' })).toEqual({});
    expect(maxBidProblemParams({ code: 'account_suspended' })).toEqual({});
  });
});

describe('cancelMaxBid (the store cancels a bid)', () => {
  const cancel = (state: AuctionBidState, userId: string, at = T0 + 30 * MINUTE) => {
    const snapshot = structuredClone(state);
    const result = cancelMaxBid(deepFreeze(state), userId, at);
    expect(state).toEqual(snapshot);
    return result;
  };

  it("the leader's maximum: the next maximum leads at the price the others alone make, the end unchanged", () => {
    // a $50, b $30, c $20: a leads at $31 (b's $30 + $1). Without a: b leads at $20.50 (c's $20 + the
    // $0.50 increment at $20).
    const s = run(auction(), [
      ['c', 2_000],
      ['b', 3_000],
      ['a', 5_000],
    ]);
    expect([s.leaderUserId, s.priceCents]).toEqual(['a', 3_100]);
    const r = cancel({ ...s, endTime: T0 + 30 * MINUTE + 10 * SECOND }, 'a');
    if (!r.ok) throw new Error('refused');
    expect(r.outcome.state.maxBids.map((m) => m.userId).sort()).toEqual(['b', 'c']);
    expect([r.outcome.state.leaderUserId, r.outcome.state.priceCents]).toEqual(['b', 2_050]);
    expect(r.outcome).toMatchObject({
      leaderChanged: true,
      priceChanged: true,
      previousLeaderUserId: 'a',
      leadingAgainUserId: 'b',
    });
    // The history as if a never bid: c opens at $10, b beats c's $20 and leads at $20.50.
    expect(r.outcome.history).toEqual([
      row('c', 1_000, 'leading'),
      row('c', 2_000, 'beaten'),
      row('b', 2_050, 'leading'),
    ]);
    expect(r.outcome.state.bidCount).toBe(3);
    // Each row keeps the time and sequence number of the maximum that made it (c's opening, then b's two).
    const setOf = (u: string) => s.maxBids.find((m) => m.userId === u)!;
    expect(r.outcome.historyPlacedBy).toEqual([
      { setAt: setOf('c').setAt, seq: setOf('c').seq },
      { setAt: setOf('b').setAt, seq: setOf('b').seq },
      { setAt: setOf('b').setAt, seq: setOf('b').seq },
    ]);
    // Inside the soft-close window: the end does not move (nobody bid).
    expect(r.outcome.state.endTime).toBe(T0 + 30 * MINUTE + 10 * SECOND);
  });

  it('a losing maximum that set the price: the leader stays, the price falls; a maximum that did not: nothing moves', () => {
    const s = run(auction(), [
      ['c', 2_000],
      ['b', 3_000],
      ['a', 5_000],
    ]);
    const r = cancel(s, 'b');
    if (!r.ok) throw new Error('refused');
    expect([r.outcome.state.leaderUserId, r.outcome.state.priceCents]).toEqual(['a', 2_050]);
    expect(r.outcome).toMatchObject({ leaderChanged: false, priceChanged: true, leadingAgainUserId: null });
    const r2 = cancel(s, 'c');
    if (!r2.ok) throw new Error('refused');
    expect([r2.outcome.state.leaderUserId, r2.outcome.state.priceCents]).toEqual(['a', 3_100]);
    expect(r2.outcome).toMatchObject({ leaderChanged: false, priceChanged: false });
    // b opens at $10, a beats b's $30 and leads at $31.
    expect(r2.outcome.history).toEqual([
      row('b', 1_000, 'leading'),
      row('b', 3_000, 'beaten'),
      row('a', 3_100, 'leading'),
    ]);
  });

  it('the only maximum: no leader, no price; the reserve is judged again', () => {
    const only = run(auction(), [['a', 2_000]]);
    const r = cancel(only, 'a');
    if (!r.ok) throw new Error('refused');
    expect([r.outcome.state.leaderUserId, r.outcome.state.priceCents]).toEqual([null, null]);
    expect(r.outcome.history).toEqual([]);
    expect(r.outcome.state.bidCount).toBe(0);
    // With a $40 reserve: a $50 leader met it; without them, b's $30 does not.
    const reserved = run(auction({ reserveCents: 4_000 }), [
      ['b', 3_000],
      ['a', 5_000],
    ]);
    expect(reserved.priceCents).toBe(4_000);
    const r2 = cancel(reserved, 'a');
    if (!r2.ok) throw new Error('refused');
    expect(r2.outcome).toMatchObject({ reserveMet: false, leadingAgainUserId: 'b' });
    expect(r2.outcome.state.priceCents).toBe(1_000);
  });

  it('refuses on a lot not live and for a shopper without a maximum', () => {
    const s = run(auction(), [['a', 2_000]]);
    expect(cancel(s, 'b')).toEqual({ ok: false, rejection: { code: 'bid_cancel_no_bid' } });
    expect(cancel(s, 'a', END)).toEqual({ ok: false, rejection: { code: 'bid_cancel_not_live' } });
  });
});
