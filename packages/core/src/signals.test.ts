import { describe, expect, it } from 'vitest';
import {
  accountLinks,
  accountSignals,
  type BidFact,
  canonicalEmail,
  type Identifier,
  isQuiet,
  SIGNAL_LIMITS as L,
  type LotFacts,
  linkedRings,
  linkedSignals,
  losingToSame,
  nonPayer,
  pricePushing,
  scriptedBidding,
  spacingVariation,
} from './signals';

const T0 = Date.parse('2026-11-20T18:00:00Z');
const at = (sec: number) => new Date(T0 + sec * 1000);
const id = (userId: string, kind: Identifier['kind'], value: string, sec = 0): Identifier => ({
  userId,
  kind,
  value,
  at: at(sec),
});

/** A bid fact with a $1 step; the minimum given, the leader after it given. */
const bid = (
  userId: string,
  maxCents: number,
  minimumCents: number,
  sec: number,
  leaderAfter: string | null,
): BidFact => ({
  userId,
  maxCents,
  minimumCents,
  stepCents: 100,
  at: at(sec),
  leaderAfter,
});

const lot = (n: number, over: Partial<LotFacts> & Pick<LotFacts, 'bids'>): LotFacts => ({
  auctionId: `lot-${n}`,
  title: `Lot ${n}`,
  ended: true,
  leaderUserId: null,
  leaderMaxCents: null,
  ...over,
});

describe('canonicalEmail', () => {
  it('drops dots and +tags only where the provider ignores them', () => {
    expect(canonicalEmail(' J.Doe+auction@GMail.com ')).toBe('jdoe@gmail.com');
    expect(canonicalEmail('j.doe@googlemail.com')).toBe('jdoe@gmail.com');
    expect(canonicalEmail('j.doe+x@outlook.com')).toBe('j.doe@outlook.com');
    expect(canonicalEmail('j.doe+x@example.com')).toBe('j.doe+x@example.com');
    expect(canonicalEmail('nonsense')).toBe('nonsense');
  });
});

describe('linked accounts', () => {
  it('links a shared device, card, phone or mailbox at any time, a network address only within 24 hours', () => {
    const day = L.NETWORK_LINK_WINDOW_MS / 1000;
    const links = accountLinks([
      id('a', 'device', 'd1', 0),
      id('b', 'device', 'd1', 9 * day),
      id('b', 'card', 'c1'),
      id('c', 'card', 'c1'),
      id('d', 'network', 'n1', 0),
      id('e', 'network', 'n1', day), // exactly 24 h later: linked
      id('f', 'network', 'n1', day * 2 + 1), // more than 24 h after d and e
      id('g', 'phone', 'p1'),
      id('g', 'phone', 'p1', 5), // the same account twice is no link
    ]);
    expect(links.map((l) => [l.a, l.b, l.kinds])).toEqual([
      ['a', 'b', ['device']],
      ['b', 'c', ['card']],
      ['d', 'e', ['network']],
    ]);
    expect(linkedRings(links)).toEqual([
      ['a', 'b', 'c'],
      ['d', 'e'],
    ]);
  });

  const twoLots = [
    lot(1, { bids: [bid('a', 2_000, 1_000, 0, 'a'), bid('b', 2_100, 2_000, 10, 'b')] }),
    lot(2, { bids: [bid('a', 2_000, 1_000, 0, 'a')] }),
  ];

  it('linked accounts bidding on one lot: strong; with a staff account: the strongest; apart: weak', () => {
    const links = accountLinks([id('a', 'device', 'd1'), id('b', 'device', 'd1', 30)]);
    const [strong] = linkedSignals('a', links, twoLots, new Set());
    expect(strong).toMatchObject({ kind: 'linked_bidders', strength: 'strong' });
    expect(strong!.evidence.accounts).toEqual(['b']);
    expect(strong!.evidence.shared).toEqual(['device']);
    expect(strong!.evidence.lots.map((l) => l.auctionId)).toEqual(['lot-1']);
    expect(linkedSignals('a', links, twoLots, new Set(['b']))[0]!.strength).toBe('strongest');
    // Never on the same lot: only linked, weak.
    const apart = linkedSignals('a', links, [twoLots[1]!], new Set());
    expect(apart).toMatchObject([{ kind: 'linked_accounts', strength: 'weak' }]);
    expect(apart[0]!.latestAt).toBe(at(30).toISOString());
    // Not linked: nothing.
    expect(linkedSignals('c', links, twoLots, new Set())).toEqual([]);
  });
});

/** A lot where `pusher` raised at the minimum `raises` times and stopped `gap` cents below `leader`'s max. */
function pushedLot(
  n: number,
  pusher: string,
  leader: string,
  raises: number,
  gap: number,
  ended = true,
): LotFacts {
  const leaderMax = 10_000;
  const bids: BidFact[] = [bid(leader, leaderMax, 1_000, 0, leader)];
  let price = 1_000;
  for (let i = 0; i < raises; i++) {
    const last = i === raises - 1;
    const minimum = price + 100;
    bids.push(bid(pusher, last ? leaderMax - gap : minimum, minimum, 10 + i * 60, leader));
    price = last ? leaderMax - gap + 100 : minimum + 100;
  }
  return lot(n, { bids, ended, leaderUserId: leader, leaderMaxCents: leaderMax });
}

describe('price pushing', () => {
  it(`fires on ${L.PUSH_MIN_LOTS} lots raised at the minimum and stopped just below the leader, by an account that rarely wins`, () => {
    const lots = [1, 2, 3].map((n) => pushedLot(n, 'p', 'seller-friend', L.PUSH_MIN_RAISES + 1, 100));
    const [s] = pricePushing('p', lots);
    expect(s).toMatchObject({ kind: 'price_pushing', strength: 'moderate' });
    expect(s!.evidence.accounts).toEqual(['seller-friend']);
    expect(s!.evidence.lots).toHaveLength(3);
    // Twice the lots: strong.
    const six = [1, 2, 3, 4, 5, 6].map((n) => pushedLot(n, 'p', 'x', L.PUSH_MIN_RAISES + 1, 100));
    expect(pricePushing('p', six)[0]!.strength).toBe('strong');
  });

  it('does not fire one lot short, a raise short, stopping far below, or for an account that wins', () => {
    const two = [1, 2].map((n) => pushedLot(n, 'p', 'x', L.PUSH_MIN_RAISES + 1, 100));
    expect(pricePushing('p', two)).toEqual([]);
    // L.PUSH_MIN_RAISES - 1 raises at the minimum plus the final jump: one short.
    const fewRaises = [1, 2, 3].map((n) => pushedLot(n, 'p', 'x', L.PUSH_MIN_RAISES, 100));
    expect(pricePushing('p', fewRaises)).toEqual([]);
    // Exactly PUSH_STOP_STEPS increments below: still pushed; one cent more: not.
    const atEdge = [1, 2, 3].map((n) =>
      pushedLot(n, 'p', 'x', L.PUSH_MIN_RAISES + 1, L.PUSH_STOP_STEPS * 100),
    );
    expect(pricePushing('p', atEdge)).toHaveLength(1);
    const past = [1, 2, 3].map((n) =>
      pushedLot(n, 'p', 'x', L.PUSH_MIN_RAISES + 1, L.PUSH_STOP_STEPS * 100 + 1),
    );
    expect(pricePushing('p', past)).toEqual([]);
    // Three pushed lots but it won 1 of 4 lots bid on: 25 % > 20 %.
    const winner = [
      ...[1, 2, 3].map((n) => pushedLot(n, 'p', 'x', L.PUSH_MIN_RAISES + 1, 100)),
      lot(4, { bids: [bid('p', 5_000, 1_000, 0, 'p')], leaderUserId: 'p', leaderMaxCents: 5_000 }),
    ];
    expect(pricePushing('p', winner)).toEqual([]);
  });
});

describe('losing to the same account', () => {
  const lost = (n: number, winner: string) =>
    lot(n, {
      bids: [bid('a', 2_000, 1_000, n, 'a'), bid(winner, 3_000, 2_100, n + 1, winner)],
      leaderUserId: winner,
      leaderMaxCents: 3_000,
    });
  it(`fires at ${L.SAME_WINNER_SHARE * 100} % of ${L.SAME_WINNER_MIN_LOTS}+ ended lots lost to one account`, () => {
    const [s] = losingToSame('a', [lost(1, 'w'), lost(2, 'w'), lost(3, 'w'), lost(4, 'other')]);
    expect(s).toMatchObject({ kind: 'losing_to_same', evidence: { accounts: ['w'] } });
    expect(s!.evidence.lots).toHaveLength(3);
  });
  it('does not fire below the share or with too few lots', () => {
    expect(losingToSame('a', [lost(1, 'w'), lost(2, 'w'), lost(3, 'x'), lost(4, 'y')])).toEqual([]);
    expect(losingToSame('a', [lost(1, 'w'), lost(2, 'w'), lost(3, 'w')])).toEqual([]);
  });
});

describe('scripted bidding', () => {
  const many = (gaps: number[], user = 's') => {
    let sec = 0;
    return gaps.map((g, i) => {
      sec += g;
      return lot(i, { bids: [bid(user, 2_000, 1_000, sec, user)], ended: false });
    });
  };

  it('spacing: fires on a run of bids at machine regularity, not on a person’s', () => {
    expect(spacingVariation([0, 10, 20, 30])).toBe(0);
    const regular = many(Array.from({ length: L.SCRIPT_MIN_BIDS }, () => 60));
    expect(scriptedBidding('s', regular).map((s) => s.kind)).toEqual(['scripted_spacing']);
    // One bid short of a run: nothing.
    expect(scriptedBidding('s', many(Array.from({ length: L.SCRIPT_MIN_BIDS - 1 }, () => 60)))).toEqual([]);
    // Gaps of a person: 40 s to 3 min.
    const human = many([40, 95, 180, 61, 75, 130, 44, 170, 88, 52]);
    expect(scriptedBidding('s', human)).toEqual([]);
  });

  it(`rate: fires above ${L.SCRIPT_MAX_LOTS_PER_HOUR} different lots in an hour`, () => {
    // Irregular gaps so that only the rate can fire: 41 lots within 59 minutes.
    const gaps = Array.from({ length: L.SCRIPT_MAX_LOTS_PER_HOUR + 1 }, (_, i) => 60 + ((i * 37) % 50) - 25);
    const total = gaps.reduce((s, g) => s + g, 0);
    expect(total).toBeLessThan(3600);
    expect(scriptedBidding('s', many(gaps)).map((s) => s.kind)).toEqual(['scripted_rate']);
    expect(scriptedBidding('s', many(gaps.slice(1)))).toEqual([]);
  });

  it('reaction: fires when most outbids are answered within a few hundred milliseconds', () => {
    const duel = (n: number, answerMs: number) =>
      lot(n, {
        ended: false,
        bids: [
          bid('s', 2_000, 1_000, n * 1000, 's'),
          bid('h', 3_000, 2_100, n * 1000 + 30, 'h'),
          {
            ...bid('s', 3_100, 3_100, n * 1000 + 30, 's'),
            at: new Date(T0 + (n * 1000 + 30) * 1000 + answerMs),
          },
        ],
      });
    const fast = [1, 2, 3, 4, 5].map((n) => duel(n, 250));
    expect(scriptedBidding('s', fast).map((s) => s.kind)).toEqual(['scripted_reaction']);
    // At exactly the limit: still fast; the person who takes 5 s: not.
    expect(
      scriptedBidding(
        's',
        [1, 2, 3, 4, 5].map((n) => duel(n, L.SCRIPT_REACTION_MS)),
      ),
    ).toHaveLength(1);
    expect(
      scriptedBidding(
        's',
        [1, 2, 3, 4, 5].map((n) => duel(n, 5_000)),
      ),
    ).toEqual([]);
    // Too few outbids to judge.
    expect(scriptedBidding('s', fast.slice(0, L.SCRIPT_MIN_REACTIONS - 1))).toEqual([]);
  });
});

describe('non-payers', () => {
  const facts = { strikes: 0, cancelledUnpaid: 0, disputedRefunds: 0, latestAt: at(0) };
  it('a strike or a dispute fires on its own; cancelled unpaid orders from the second', () => {
    expect(nonPayer(facts)).toEqual([]);
    expect(nonPayer({ ...facts, cancelledUnpaid: L.NON_PAYER_MIN_CANCELLED - 1 })).toEqual([]);
    expect(nonPayer({ ...facts, cancelledUnpaid: L.NON_PAYER_MIN_CANCELLED })[0]!.strength).toBe('moderate');
    expect(nonPayer({ ...facts, strikes: 1 })[0]!.evidence.facts).toEqual(['1 strike(s) for unpaid orders']);
    expect(nonPayer({ ...facts, disputedRefunds: 1 })[0]!.strength).toBe('strong');
  });
});

describe('accountSignals', () => {
  const none = { strikes: 0, cancelledUnpaid: 0, disputedRefunds: 0, latestAt: null };
  it('ranks the strongest first, leaves out accounts with none, and quiets what staff reviewed until something new fires', () => {
    const lots = [
      lot(1, { bids: [bid('a', 2_000, 1_000, 0, 'a'), bid('b', 2_100, 2_000, 10, 'b')] }),
      lot(2, {
        bids: [bid('honest', 2_000, 1_000, 0, 'honest')],
        leaderUserId: 'honest',
        leaderMaxCents: 2_000,
      }),
    ];
    const input = {
      accounts: [
        { userId: 'honest', payments: none, reviewedAt: null },
        { userId: 'late', payments: { ...none, strikes: 1, latestAt: at(5) }, reviewedAt: null },
        { userId: 'a', payments: none, reviewedAt: null },
        { userId: 'b', payments: none, reviewedAt: null },
      ],
      identifiers: [id('a', 'card', 'c1'), id('b', 'card', 'c1')],
      lots,
      staff: new Set(['b']),
    };
    const ranked = accountSignals(input);
    expect(ranked.map((r) => [r.userId, r.strength, r.quiet])).toEqual([
      ['a', 'strongest', false],
      ['b', 'strongest', false],
      ['late', 'moderate', false],
    ]);
    // Reviewed after its latest bid: quiet, listed last.
    const reviewed = accountSignals({
      ...input,
      accounts: input.accounts.map((a) => (a.userId === 'a' ? { ...a, reviewedAt: at(60) } : a)),
    });
    expect(reviewed.map((r) => [r.userId, r.quiet])).toEqual([
      ['b', false],
      ['late', false],
      ['a', true],
    ]);
    // A new bid together after the review: loud again.
    const again = accountSignals({
      ...input,
      accounts: input.accounts.map((a) => (a.userId === 'a' ? { ...a, reviewedAt: at(60) } : a)),
      lots: [...lots, lot(3, { bids: [bid('a', 2_000, 1_000, 120, 'a'), bid('b', 2_100, 2_000, 130, 'b')] })],
    });
    expect(again.find((r) => r.userId === 'a')!.quiet).toBe(false);
    expect(isQuiet(ranked[0]!.signals[0]!, at(10))).toBe(true);
    expect(isQuiet(ranked[0]!.signals[0]!, at(9))).toBe(false);
    expect(isQuiet(ranked[0]!.signals[0]!, null)).toBe(false);
  });
});
