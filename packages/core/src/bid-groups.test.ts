import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BidGroup,
  bidGroupProblemMessage,
  checkBidGroup,
  type GroupLotFacts,
  groupMayWin,
  planGroup,
  winAtMostRange,
  winsOf,
} from './bid-groups';
import {
  type AuctionBidState,
  initialBidState,
  minimumNextBid,
  placeMaxBid,
  priceFromMaxBids,
  smallestMaxBidFor,
} from './bidding';

const group = (winAtMost: number, maxes: number[]): BidGroup => ({
  winAtMost,
  state: 'active',
  lots: maxes.map((maxCents, i) => ({ auctionId: `L${i}`, maxCents, position: i, state: 'waiting' })),
});

const fact = (over: Partial<GroupLotFacts> = {}): GroupLotFacts => ({
  status: 'live',
  endTime: 1_000,
  minimumCents: 500,
  canWin: true,
  won: false,
  ownMaximum: false,
  ...over,
});

const states = (g: BidGroup) => g.lots.map((l) => l.state);

describe('planGroup', () => {
  it('places N maximums on the soonest-ending lots it can win, ties by the order given', () => {
    const g = group(1, [2_000, 2_000, 2_000]);
    const facts = new Map([
      ['L0', fact({ endTime: 3_000 })],
      ['L1', fact({ endTime: 2_000 })],
      ['L2', fact({ endTime: 2_000 })],
    ]);
    const plan = planGroup(g, facts);
    expect(plan.place).toEqual([{ auctionId: 'L1', amountCents: 2_000 }]);
    expect(states(plan.group)).toEqual(['waiting', 'live', 'waiting']);
  });

  it('skips a lot whose minimum is above its maximum, and a lot not started yet', () => {
    const g = group(1, [400, 2_000, 2_000]);
    const facts = new Map([
      ['L0', fact({ endTime: 100, minimumCents: 500 })],
      ['L1', fact({ endTime: 200, status: 'scheduled' })],
      ['L2', fact({ endTime: 300 })],
    ]);
    expect(planGroup(g, facts).place).toEqual([{ auctionId: 'L2', amountCents: 2_000 }]);
  });

  it('moves on when the live maximum is outbid, and counts it again if it leads again', () => {
    const first = planGroup(
      group(1, [2_000, 2_000]),
      new Map([
        ['L0', fact({ endTime: 1 })],
        ['L1', fact({ endTime: 2 })],
      ]),
    );
    const outbid = planGroup(
      first.group,
      new Map([
        ['L0', fact({ endTime: 1, canWin: false })],
        ['L1', fact({ endTime: 2 })],
      ]),
    );
    expect(states(outbid.group)).toEqual(['outbid', 'live']);
    expect(outbid.events).toEqual([
      { auctionId: 'L0', kind: 'outbid' },
      { auctionId: 'L1', kind: 'placed' },
    ]);
    const again = planGroup(outbid.group, new Map([['L0', fact({ endTime: 1, canWin: true })]]));
    expect(states(again.group)).toEqual(['live', 'live']);
    expect(again.place).toEqual([]);
  });

  it('is done at N wins: the waiting lots are dropped, never bid on', () => {
    const placed = planGroup(group(1, [2_000, 2_000, 2_000]), new Map([['L0', fact({ endTime: 1 })]])).group;
    const won = planGroup(
      placed,
      new Map([
        ['L0', fact({ status: 'ended', won: true })],
        ['L1', fact()],
        ['L2', fact()],
      ]),
    );
    expect(won.group.state).toBe('done');
    expect(states(won.group)).toEqual(['won', 'dropped', 'dropped']);
    expect(won.place).toEqual([]);
    expect(groupMayWin(won.group)).toBe(false);
  });

  it("at N wins keeps a waiting lot the shopper bid on by hand: its maximum is the group's at the close", () => {
    const placed = planGroup(group(1, [2_000, 2_000, 2_000]), new Map([['L0', fact({ endTime: 1 })]])).group;
    const won = planGroup(
      placed,
      new Map([
        ['L0', fact({ status: 'ended', won: true })],
        ['L1', fact({ ownMaximum: true })],
        ['L2', fact()],
      ]),
    );
    expect(won.group.state).toBe('done');
    expect(states(won.group)).toEqual(['won', 'waiting', 'dropped']);
    expect(won.place).toEqual([]);
    // It ends as a lot that waited: skipped (the close set its maximum aside).
    const ended = planGroup(won.group, new Map([['L1', fact({ status: 'ended', ownMaximum: true })]]));
    expect(states(ended.group)).toEqual(['won', 'skipped', 'dropped']);
    expect(ended.group.state).toBe('done');
  });

  it('skips a lot that ends while waiting, drops a cancelled one, and ends short of N', () => {
    const g = group(1, [2_000, 2_000]);
    const plan = planGroup(
      g,
      new Map([
        ['L0', fact({ status: 'ended' })],
        ['L1', fact({ status: 'cancelled' })],
      ]),
    );
    expect(states(plan.group)).toEqual(['skipped', 'dropped']);
    expect(plan.group.state).toBe('ended');
  });
});

describe('checkBidGroup', () => {
  it('takes 2-20 different lots and 1 <= N < lots', () => {
    expect(checkBidGroup(1, ['a', 'b'])).toBeNull();
    expect(checkBidGroup(1, ['a'])).toBe('too_few_lots');
    expect(
      checkBidGroup(
        1,
        Array.from({ length: 21 }, (_, i) => `l${i}`),
      ),
    ).toBe('too_many_lots');
    expect(checkBidGroup(1, ['a', 'a'])).toBe('duplicate_lot');
    expect(checkBidGroup(2, ['a', 'b'])).toBe('win_at_most_out_of_range');
    expect(checkBidGroup(0, ['a', 'b'])).toBe('win_at_most_out_of_range');
    expect(bidGroupProblemMessage('too_few_lots')).toBe('A group needs at least 2 lots.');
  });

  it('lets a group change N from its wins (at least 1) to one fewer than its lots', () => {
    expect(winAtMostRange(4, 0)).toEqual({ min: 1, max: 3 });
    expect(winAtMostRange(4, 2)).toEqual({ min: 2, max: 3 });
    expect(winAtMostRange(2, 0)).toEqual({ min: 1, max: 1 });
    expect(checkBidGroup(3, ['a', 'b', 'c', 'd'])).toBeNull();
    expect(checkBidGroup(4, ['a', 'b', 'c', 'd'])).toBe('win_at_most_out_of_range');
  });
});

// ---------------------------------------------------------------------------------------------------
// Never more than N: random groups and competing bids through the bidding engine, staff cancelling
// competitors' maximums (which can give a group's outbid maximum the lead back), soft close moving
// ends past each other, lots ending in the same second. After every step the group is planned again;
// a lot closes with the group's shopper as winner only if groupMayWin says so, else the group's
// maximum is set aside and the next maximum wins (the closing's rule).
// ---------------------------------------------------------------------------------------------------

const G = 'group-shopper';
type Step =
  | { kind: 'bid'; lot: number; user: string; amount: number }
  | { kind: 'own'; lot: number; amount: number }
  | { kind: 'cancel'; lot: number; user: string }
  | { kind: 'tick'; ms: number };

const stepArb = (lots: number) =>
  fc.oneof(
    fc.record({
      kind: fc.constant('bid' as const),
      lot: fc.nat({ max: lots - 1 }),
      user: fc.constantFrom('c1', 'c2', 'c3'),
      amount: fc.integer({ min: 1_000, max: 9_000 }),
    }),
    // The group's shopper bidding by hand on a lot of the group (counted for the group at the close).
    fc.record({
      kind: fc.constant('own' as const),
      lot: fc.nat({ max: lots - 1 }),
      amount: fc.integer({ min: 1_000, max: 9_000 }),
    }),
    fc.record({
      kind: fc.constant('cancel' as const),
      lot: fc.nat({ max: lots - 1 }),
      user: fc.constantFrom('c1', 'c2', 'c3'),
    }),
    fc.record({ kind: fc.constant('tick' as const), ms: fc.integer({ min: 1_000, max: 40_000 }) }),
  );

const scenarioArb: fc.Arbitrary<Scenario> = fc.integer({ min: 2, max: 7 }).chain((lots) =>
  fc.record({
    lots: fc.constant(lots),
    winAtMost: fc.integer({ min: 1, max: lots - 1 }),
    maxes: fc.array(fc.integer({ min: 1_000, max: 9_000 }), { minLength: lots, maxLength: lots }),
    // Ends on a coarse grid so several lots end in the same second.
    ends: fc.array(
      fc.integer({ min: 1, max: 8 }).map((k) => k * 20_000),
      { minLength: lots, maxLength: lots },
    ),
    steps: fc.array(stepArb(lots), { maxLength: 60 }),
  }),
);

function recomputed(state: AuctionBidState, maxBids: AuctionBidState['maxBids']): AuctionBidState {
  const r = priceFromMaxBids(maxBids, state.startingBidCents, state.increment, state.reserveCents);
  return { ...state, maxBids, priceCents: r.priceCents, leaderUserId: r.leaderUserId };
}

interface Scenario {
  lots: number;
  winAtMost: number;
  maxes: number[];
  ends: number[];
  steps: Step[];
}

function runScenario(s: Scenario) {
  let now = 0;
  const auctions: (AuctionBidState & { closed?: { winner: string | null } })[] = s.ends.map((end) =>
    initialBidState({
      startingBidCents: 1_000,
      increment: { mode: 'fixed', cents: 100 },
      reserveCents: null,
      softCloseSeconds: 60,
      startTime: 0,
      endTime: end,
    }),
  );
  let g = group(s.winAtMost, s.maxes);
  let groupWins = 0;
  let setAside = 0;

  const factsNow = () =>
    new Map(
      auctions.map((a, i): [string, GroupLotFacts] => {
        const own = a.maxBids.find((m) => m.userId === G)?.amountCents ?? null;
        return [
          `L${i}`,
          {
            status: a.closed ? 'ended' : 'live',
            endTime: a.endTime,
            minimumCents: smallestMaxBidFor(minimumNextBid(a), own),
            canWin: a.leaderUserId === G,
            won: a.closed?.winner === G,
            ownMaximum: own !== null,
          },
        ];
      }),
    );
  const plan = () => {
    const p = planGroup(g, factsNow());
    g = p.group;
    for (const { auctionId, amountCents } of p.place) {
      const i = Number(auctionId.slice(1));
      const a = auctions[i]!;
      const placed = placeMaxBid(a, { userId: G, amountCents, at: now });
      if (placed.ok) auctions[i] = placed.outcome.state;
    }
    // A maximum is placed only into a free place: with it, live maximums and wins stay within N.
    const live = g.lots.filter((l) => l.state === 'live').length;
    if (p.place.length > 0) expect(live + winsOf(g)).toBeLessThanOrEqual(s.winAtMost);
  };
  const closeDue = () => {
    // Lots due close one at a time (the server's closing, each under the group's lock), soonest first.
    const due = auctions
      .map((a, i) => ({ a, i }))
      .filter(({ a }) => !a.closed && a.endTime <= now)
      .sort((x, y) => x.a.endTime - y.a.endTime || x.i - y.i);
    for (const { i } of due) {
      let a = auctions[i]!;
      // The server's guard: only a lot still open in the group (waiting, live, outbid) is covered.
      const open = ['waiting', 'live', 'outbid'].includes(g.lots[i]!.state);
      if (a.leaderUserId === G && open && !groupMayWin(g)) {
        a = recomputed(
          a,
          a.maxBids.filter((m) => m.userId !== G),
        );
        setAside++;
      }
      auctions[i] = { ...a, closed: { winner: a.leaderUserId } };
      if (a.leaderUserId === G) groupWins++;
      plan();
    }
  };

  plan();
  for (const step of s.steps) {
    if (step.kind === 'tick') now += step.ms;
    else {
      const a = auctions[step.lot]!;
      if (!a.closed && a.endTime > now) {
        if (step.kind === 'bid' || step.kind === 'own') {
          const user = step.kind === 'own' ? G : step.user;
          const own = a.maxBids.find((m) => m.userId === user)?.amountCents ?? 0;
          // By hand only while the lot is in the group (a lot it dropped is no longer the group's).
          const inGroup = ['waiting', 'live', 'outbid'].includes(g.lots[step.lot]!.state);
          const placed = placeMaxBid(a, {
            userId: user,
            amountCents: Math.max(step.amount, own + 100),
            at: now,
          });
          if (placed.ok && (step.kind === 'bid' || inGroup)) auctions[step.lot] = placed.outcome.state;
        } else {
          auctions[step.lot] = recomputed(
            a,
            a.maxBids.filter((m) => m.userId !== step.user),
          );
        }
      }
    }
    closeDue();
    plan();
  }
  now += 10_000_000;
  closeDue();
  plan();
  return { groupWins, setAside, group: g };
}

describe('a bid group never wins more than it asked for', () => {
  it('holds over thousands of generated groups and competing bids', () => {
    let setAsideRuns = 0;
    fc.assert(
      fc.property(scenarioArb, (s) => {
        const { groupWins, setAside, group: g } = runScenario(s);
        expect(groupWins).toBeLessThanOrEqual(s.winAtMost);
        expect(winsOf(g)).toBe(groupWins);
        // Never a live maximum beyond what is left to win.
        expect(g.lots.filter((l) => l.state === 'live').length).toBe(0);
        if (setAside > 0) setAsideRuns++;
      }),
      { numRuns: 3_000, seed: 43 },
    );
    // The closing's rule is reached by the generated runs (a lead given back after the group moved on).
    expect(setAsideRuns).toBeGreaterThan(0);
  });
});
