// Signals of shill and scripted bidding for staff (docs/product.md "Signals"). Pure rules over
// recorded facts: each takes what it needs and answers whether it fires, with the evidence a person
// needs to judge it (lots, bids, times, linked accounts) and nothing else (never a raw network
// address, device id or card number: identifiers arrive here already hashed).

/** The thresholds, each with its reason (docs/product.md "Signals" says the same in words). */
export const SIGNAL_LIMITS = {
  /** Two sign-ins from one network address count as a link only this close in time: homes and
   * offices change addresses, and a café's address is shared by strangers over weeks. */
  NETWORK_LINK_WINDOW_MS: 24 * 60 * 60 * 1000,
  /** A raise counts as 'at the minimum' when it is at most this many increments above the lowest
   * acceptable maximum: the smallest step that still moves the price. */
  PUSH_NEAR_MINIMUM_STEPS: 1,
  /** A bidder 'stops just below' the leader when their last maximum is within this many increments
   * of the leader's maximum: close enough to have found it out. */
  PUSH_STOP_STEPS: 2,
  /** Raises at the minimum on one lot before it counts as pushed: one or two are ordinary caution. */
  PUSH_MIN_RAISES: 3,
  /** Pushed lots before the account fires: one lot is a bidder who tried; three is a pattern. */
  PUSH_MIN_LOTS: 3,
  /** ... by an account that wins at most this share of the lots it bids on (a pusher must not win). */
  PUSH_MAX_WIN_RATE: 0.2,
  /** Ended lots an account bid on before 'losing to the same account' can fire. */
  SAME_WINNER_MIN_LOTS: 4,
  /** Share of those lots won by one other account for it to fire. */
  SAME_WINNER_SHARE: 0.75,
  /** Bids in a run before its spacing counts: fewer are too easily regular by chance. */
  SCRIPT_MIN_BIDS: 10,
  /** A run whose gaps vary less than this (standard deviation over mean) is machine-regular: people
   * who bid by hand vary their gaps by far more than 5 %. */
  SCRIPT_MAX_SPACING_VARIATION: 0.05,
  /** Different lots bid on within one hour above which nobody could have read the listings. */
  SCRIPT_MAX_LOTS_PER_HOUR: 40,
  /** A re-bid this soon after being outbid is faster than a person sees the notice and types. */
  SCRIPT_REACTION_MS: 500,
  /** Outbids answered before the reaction share is judged. */
  SCRIPT_MIN_REACTIONS: 5,
  /** Share of answered outbids re-bid within SCRIPT_REACTION_MS for it to fire. */
  SCRIPT_REACTION_SHARE: 0.8,
  /** Cancelled unpaid orders before it fires (a strike already fires on its own). */
  NON_PAYER_MIN_CANCELLED: 2,
} as const;

const L = SIGNAL_LIMITS;
const HOUR_MS = 60 * 60 * 1000;

/** How strongly a signal suggests unfair bidding: staff read the strongest first. */
export const SIGNAL_STRENGTHS = ['weak', 'moderate', 'strong', 'strongest'] as const;
export type SignalStrength = (typeof SIGNAL_STRENGTHS)[number];
const rank = (s: SignalStrength) => SIGNAL_STRENGTHS.indexOf(s);

export const SIGNAL_KINDS = [
  'linked_bidders',
  'linked_accounts',
  'price_pushing',
  'losing_to_same',
  'scripted_spacing',
  'scripted_rate',
  'scripted_reaction',
  'non_payer',
] as const;
export type SignalKind = (typeof SIGNAL_KINDS)[number];

// ---------------------------------------------------------------------------------------------
// Linked accounts

export const LINK_KINDS = ['device', 'card', 'phone', 'email', 'network'] as const;
export type LinkKind = (typeof LINK_KINDS)[number];

/**
 * The identifiers the server records as they are seen (the others are read from the account: its
 * phone, its email made canonical). Each stored only as a keyed hash, for SIGHTING_RETENTION_DAYS.
 */
export const SIGHTING_KINDS = ['device', 'network', 'card'] as const satisfies readonly LinkKind[];
export type SightingKind = (typeof SIGHTING_KINDS)[number];

/** How long a sighting is kept: long enough to link a ring across a season of sales, no longer. */
export const SIGHTING_RETENTION_DAYS = 90;

/** One identifier seen on an account (hashed by the server; an email already canonical). */
export interface Identifier {
  userId: string;
  kind: LinkKind;
  value: string;
  at: Date;
}

/** Two accounts that share something, and what (a < b). */
export interface Link {
  a: string;
  b: string;
  kinds: LinkKind[];
  /** When the later of the two accounts was last seen with a shared identifier. */
  latestAt: Date;
}

/** Providers that deliver an address with dots in its name to the same mailbox (gmail.com). */
const DOTS_IGNORED = new Set(['gmail.com', 'googlemail.com']);
/** Providers that deliver name+tag@ to name@. */
const PLUS_TAGS_IGNORED = new Set([
  'gmail.com',
  'googlemail.com',
  'outlook.com',
  'hotmail.com',
  'live.com',
  'msn.com',
  'icloud.com',
  'me.com',
  'mac.com',
  'fastmail.com',
  'proton.me',
  'protonmail.com',
  'pm.me',
]);
const DOMAIN_ALIASES: Record<string, string> = { 'googlemail.com': 'gmail.com' };

/** '1 lot', '3 lots': the count as the evidence reads it. */
const lotCount = (n: number) => `${n} ${n === 1 ? 'lot' : 'lots'}`;

/**
 * The mailbox an address reaches: lower case; dots and '+tags' dropped from the name only where the
 * provider ignores them (a.b+x@gmail.com is ab@gmail.com; a.b@example.com stays as it is).
 */
export function canonicalEmail(email: string): string {
  const trimmed = email.trim().toLowerCase();
  const at = trimmed.lastIndexOf('@');
  if (at <= 0) return trimmed;
  let name = trimmed.slice(0, at);
  let domain = trimmed.slice(at + 1);
  if (PLUS_TAGS_IGNORED.has(domain)) name = name.split('+')[0]!;
  if (DOTS_IGNORED.has(domain)) name = name.replaceAll('.', '');
  domain = DOMAIN_ALIASES[domain] ?? domain;
  return `${name}@${domain}`;
}

/**
 * Pairs of accounts sharing an identifier: a device, a card, a phone or a mailbox at any time; a
 * network address only when both signed in from it within NETWORK_LINK_WINDOW_MS of each other.
 */
export function accountLinks(identifiers: readonly Identifier[]): Link[] {
  const byValue = new Map<string, Identifier[]>();
  for (const id of identifiers) {
    const key = `${id.kind}\u0000${id.value}`;
    const list = byValue.get(key);
    if (list) list.push(id);
    else byValue.set(key, [id]);
  }
  const links = new Map<string, { kinds: Set<LinkKind>; latest: number }>();
  for (const list of byValue.values()) {
    for (let i = 0; i < list.length; i++)
      for (let j = i + 1; j < list.length; j++) {
        const x = list[i]!;
        const y = list[j]!;
        if (x.userId === y.userId) continue;
        if (x.kind === 'network' && Math.abs(x.at.getTime() - y.at.getTime()) > L.NETWORK_LINK_WINDOW_MS)
          continue;
        const [a, b] = x.userId < y.userId ? [x.userId, y.userId] : [y.userId, x.userId];
        const key = `${a}\u0000${b}`;
        const link = links.get(key) ?? { kinds: new Set<LinkKind>(), latest: 0 };
        link.kinds.add(x.kind);
        link.latest = Math.max(link.latest, x.at.getTime(), y.at.getTime());
        links.set(key, link);
      }
  }
  return [...links.entries()]
    .map(([key, link]) => {
      const [a, b] = key.split('\u0000') as [string, string];
      return { a, b, kinds: LINK_KINDS.filter((k) => link.kinds.has(k)), latestAt: new Date(link.latest) };
    })
    .sort((p, q) => (p.a === q.a ? p.b.localeCompare(q.b) : p.a.localeCompare(q.a)));
}

/** Accounts joined by links, directly or through others: each ring once, its ids sorted. */
export function linkedRings(links: readonly Link[]): string[][] {
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let r = x;
    while (parent.get(r) !== r) r = parent.get(r)!;
    parent.set(x, r);
    return r;
  };
  for (const l of links) {
    for (const id of [l.a, l.b]) if (!parent.has(id)) parent.set(id, id);
    const ra = find(l.a);
    const rb = find(l.b);
    // The smaller id becomes the root, so a ring's root is the same whatever the links' order.
    const [lo, hi] = ra < rb ? [ra, rb] : [rb, ra];
    if (lo !== hi) parent.set(hi, lo);
  }
  const rings = new Map<string, string[]>();
  for (const id of parent.keys()) {
    const r = find(id);
    const ring = rings.get(r);
    if (ring) ring.push(id);
    else rings.set(r, [id]);
  }
  return [...rings.values()].map((r) => r.sort()).sort((p, q) => p[0]!.localeCompare(q[0]!));
}

// ---------------------------------------------------------------------------------------------
// Bidding facts

/** One maximum placed on a lot, as the bid history recorded it. */
export interface BidFact {
  userId: string;
  maxCents: number;
  /** The lowest maximum the lot accepted at that moment (the minimum bid). */
  minimumCents: number;
  /** The increment at that moment (core increments.ts at the price then). */
  stepCents: number;
  at: Date;
  /** Who led the lot once this bid was decided. */
  leaderAfter: string | null;
}

/** A lot with every maximum placed on it, in order, and how it stands or ended. */
export interface LotFacts {
  auctionId: string;
  title: string;
  ended: boolean;
  /** The winner (ended) or the leader (live); null when nobody leads or it did not sell. */
  leaderUserId: string | null;
  /** The leader's or winner's maximum. */
  leaderMaxCents: number | null;
  bids: BidFact[];
}

/** The evidence of a signal: what staff read to judge it. */
export interface SignalEvidence {
  /** Other accounts involved (the ring, the account always winning). */
  accounts: string[];
  /** The lots involved, with the bids that made the case. */
  lots: { auctionId: string; title: string; bids: { userId: string; maxCents: number; at: string }[] }[];
  /** What was shared between linked accounts. */
  shared: LinkKind[];
  /** Figures behind the rule, in words ('12 bids 60.0 s apart (±0.4 s)'). */
  facts: string[];
}

export interface Signal {
  kind: SignalKind;
  strength: SignalStrength;
  /** The latest fact behind it: a review before this time does not quiet it (isQuiet). */
  latestAt: string;
  evidence: SignalEvidence;
}

const emptyEvidence = (): SignalEvidence => ({ accounts: [], lots: [], shared: [], facts: [] });
const lotEvidence = (lot: LotFacts, users: ReadonlySet<string>) => ({
  auctionId: lot.auctionId,
  title: lot.title,
  bids: lot.bids
    .filter((b) => users.has(b.userId))
    .map((b) => ({ userId: b.userId, maxCents: b.maxCents, at: b.at.toISOString() })),
});
const latest = (dates: readonly Date[]) => new Date(Math.max(...dates.map((d) => d.getTime())));

/**
 * Linked accounts bidding on the same lot: strong; when one of the ring is staff, the strongest. A
 * ring whose members never met on a lot is only 'linked_accounts' (weak: a family shares a laptop).
 */
export function linkedSignals(
  userId: string,
  links: readonly Link[],
  lots: readonly LotFacts[],
  staff: ReadonlySet<string>,
): Signal[] {
  const ring = linkedRings(links).find((r) => r.includes(userId));
  if (!ring) return [];
  const others = ring.filter((id) => id !== userId);
  const mine = links.filter((l) => ring.includes(l.a) && ring.includes(l.b));
  const shared = LINK_KINDS.filter((k) => mine.some((l) => l.kinds.includes(k)));
  const members = new Set(ring);
  const together = lots.filter((lot) => {
    const bidders = new Set(lot.bids.map((b) => b.userId));
    return bidders.has(userId) && others.some((o) => bidders.has(o));
  });
  const withStaff = others.some((o) => staff.has(o)) || staff.has(userId);
  if (together.length === 0)
    return [
      {
        kind: 'linked_accounts',
        strength: withStaff ? 'moderate' : 'weak',
        latestAt: latest(mine.map((l) => l.latestAt)).toISOString(),
        evidence: {
          ...emptyEvidence(),
          accounts: others,
          shared,
          facts: [withStaff ? 'Linked to a staff account' : `Linked to ${others.length} account(s)`],
        },
      },
    ];
  return [
    {
      kind: 'linked_bidders',
      strength: withStaff ? 'strongest' : 'strong',
      latestAt: latest(
        together.flatMap((l) => l.bids.filter((b) => members.has(b.userId)).map((b) => b.at)),
      ).toISOString(),
      evidence: {
        accounts: others,
        shared,
        lots: together.map((l) => lotEvidence(l, members)),
        facts: [
          `${lotCount(together.length)} bid on by linked accounts${withStaff ? ', one of them staff' : ''}`,
        ],
      },
    },
  ];
}

/**
 * 'Discover and stop': on PUSH_MIN_LOTS lots or more the account raised another's price at the
 * minimum PUSH_MIN_RAISES times or more, did not win, and stopped within PUSH_STOP_STEPS increments
 * of the leader's maximum; and it wins at most PUSH_MAX_WIN_RATE of the lots it bids on.
 */
export function pricePushing(userId: string, lots: readonly LotFacts[]): Signal[] {
  const bidOn = lots.filter((l) => l.bids.some((b) => b.userId === userId));
  if (bidOn.length === 0) return [];
  const won = bidOn.filter((l) => l.ended && l.leaderUserId === userId).length;
  const pushed = bidOn.filter((lot) => {
    if (lot.leaderUserId === userId || lot.leaderUserId === null || lot.leaderMaxCents === null) return false;
    const mine = lot.bids.filter((b) => b.userId === userId);
    const atMinimum = mine.filter(
      (b) => b.maxCents <= b.minimumCents + L.PUSH_NEAR_MINIMUM_STEPS * b.stepCents,
    );
    const last = mine[mine.length - 1]!;
    return (
      atMinimum.length >= L.PUSH_MIN_RAISES &&
      lot.leaderMaxCents - last.maxCents <= L.PUSH_STOP_STEPS * last.stepCents
    );
  });
  if (pushed.length < L.PUSH_MIN_LOTS || won / bidOn.length > L.PUSH_MAX_WIN_RATE) return [];
  const leaders = [...new Set(pushed.map((l) => l.leaderUserId!))];
  return [
    {
      kind: 'price_pushing',
      strength: pushed.length >= 2 * L.PUSH_MIN_LOTS ? 'strong' : 'moderate',
      latestAt: latest(
        pushed.flatMap((l) => l.bids.filter((b) => b.userId === userId).map((b) => b.at)),
      ).toISOString(),
      evidence: {
        ...emptyEvidence(),
        accounts: leaders,
        lots: pushed.map((l) => lotEvidence(l, new Set([userId, l.leaderUserId!]))),
        facts: [
          `Raised at the minimum and stopped just below the leader on ${lotCount(pushed.length)}`,
          `Won ${won} of ${lotCount(bidOn.length)} bid on`,
        ],
      },
    },
  ];
}

/** The account bid on SAME_WINNER_MIN_LOTS ended lots or more and one other account won most of them. */
export function losingToSame(userId: string, lots: readonly LotFacts[]): Signal[] {
  const ended = lots.filter((l) => l.ended && l.bids.some((b) => b.userId === userId));
  if (ended.length < L.SAME_WINNER_MIN_LOTS) return [];
  const byWinner = new Map<string, LotFacts[]>();
  for (const l of ended)
    if (l.leaderUserId && l.leaderUserId !== userId)
      byWinner.set(l.leaderUserId, [...(byWinner.get(l.leaderUserId) ?? []), l]);
  const [winner, theirs] = [...byWinner.entries()].sort((p, q) => q[1].length - p[1].length)[0] ?? [];
  if (!winner || !theirs || theirs.length / ended.length < L.SAME_WINNER_SHARE) return [];
  return [
    {
      kind: 'losing_to_same',
      strength: 'moderate',
      latestAt: latest(
        theirs.flatMap((l) => l.bids.filter((b) => b.userId === userId).map((b) => b.at)),
      ).toISOString(),
      evidence: {
        ...emptyEvidence(),
        accounts: [winner],
        lots: theirs.map((l) => lotEvidence(l, new Set([userId, winner]))),
        facts: [
          `Lost ${theirs.length} of ${ended.length} ended ${ended.length === 1 ? 'lot' : 'lots'} bid on to the same account`,
        ],
      },
    },
  ];
}

/** Standard deviation over mean of the gaps between consecutive times (0 = perfectly regular). */
export function spacingVariation(times: readonly number[]): number {
  const gaps = times.slice(1).map((t, i) => t - times[i]!);
  if (gaps.length === 0) return Number.POSITIVE_INFINITY;
  const mean = gaps.reduce((s, g) => s + g, 0) / gaps.length;
  if (mean <= 0) return 0;
  const sd = Math.sqrt(gaps.reduce((s, g) => s + (g - mean) ** 2, 0) / gaps.length);
  return sd / mean;
}

/**
 * Scripted bidding, three ways: a run of SCRIPT_MIN_BIDS bids or more at machine-regular spacing;
 * more than SCRIPT_MAX_LOTS_PER_HOUR different lots in one hour; or most outbids answered within
 * SCRIPT_REACTION_MS.
 */
export function scriptedBidding(userId: string, lots: readonly LotFacts[]): Signal[] {
  const mine = lots
    .flatMap((lot) => lot.bids.filter((b) => b.userId === userId).map((b) => ({ lot, bid: b })))
    .sort((p, q) => p.bid.at.getTime() - q.bid.at.getTime());
  const out: Signal[] = [];
  const me = new Set([userId]);

  // Regular spacing: the most regular window of SCRIPT_MIN_BIDS consecutive bids.
  const times = mine.map((m) => m.bid.at.getTime());
  let best: { from: number; variation: number } | null = null;
  for (let i = 0; i + L.SCRIPT_MIN_BIDS <= times.length; i++) {
    const v = spacingVariation(times.slice(i, i + L.SCRIPT_MIN_BIDS));
    if (!best || v < best.variation) best = { from: i, variation: v };
  }
  if (best && best.variation < L.SCRIPT_MAX_SPACING_VARIATION) {
    const run = mine.slice(best.from, best.from + L.SCRIPT_MIN_BIDS);
    const gap = (times[best.from + L.SCRIPT_MIN_BIDS - 1]! - times[best.from]!) / (L.SCRIPT_MIN_BIDS - 1);
    out.push({
      kind: 'scripted_spacing',
      strength: 'strong',
      latestAt: run[run.length - 1]!.bid.at.toISOString(),
      evidence: {
        ...emptyEvidence(),
        lots: groupByLot(run, me),
        facts: [
          `${run.length} bids in a row ${(gap / 1000).toFixed(1)} s apart (variation ${(best.variation * 100).toFixed(1)} %)`,
        ],
      },
    });
  }

  // Lots per hour: the busiest hour, by a sliding window over the bids.
  let busiest: { from: number; to: number; lots: number } | null = null;
  for (let i = 0, j = 0; i < mine.length; i++) {
    while (times[i]! - times[j]! >= HOUR_MS) j++;
    const distinct = new Set(mine.slice(j, i + 1).map((m) => m.lot.auctionId)).size;
    if (!busiest || distinct > busiest.lots) busiest = { from: j, to: i, lots: distinct };
  }
  if (busiest && busiest.lots > L.SCRIPT_MAX_LOTS_PER_HOUR) {
    const run = mine.slice(busiest.from, busiest.to + 1);
    out.push({
      kind: 'scripted_rate',
      strength: 'strong',
      latestAt: run[run.length - 1]!.bid.at.toISOString(),
      evidence: {
        ...emptyEvidence(),
        lots: groupByLot(run, me),
        facts: [`${busiest.lots} different lots bid on within one hour`],
      },
    });
  }

  // Reactions: each time the account lost the lead on a lot, how soon its next bid there came.
  const reactions: { lot: LotFacts; ms: number; at: Date }[] = [];
  for (const lot of lots) {
    for (let i = 1; i < lot.bids.length; i++) {
      const before = lot.bids[i - 1]!.leaderAfter;
      const now = lot.bids[i]!;
      if (before !== userId || now.leaderAfter === userId || now.userId === userId) continue;
      const answer = lot.bids.slice(i + 1).find((b) => b.userId === userId);
      if (answer) reactions.push({ lot, ms: answer.at.getTime() - now.at.getTime(), at: answer.at });
    }
  }
  const fast = reactions.filter((r) => r.ms <= L.SCRIPT_REACTION_MS);
  if (
    reactions.length >= L.SCRIPT_MIN_REACTIONS &&
    fast.length / reactions.length >= L.SCRIPT_REACTION_SHARE
  ) {
    const fastLots = [...new Map(fast.map((r) => [r.lot.auctionId, r.lot])).values()];
    out.push({
      kind: 'scripted_reaction',
      strength: 'strong',
      latestAt: latest(fast.map((r) => r.at)).toISOString(),
      evidence: {
        ...emptyEvidence(),
        lots: fastLots.map((l) => lotEvidence(l, me)),
        facts: [`${fast.length} of ${reactions.length} outbids answered within ${L.SCRIPT_REACTION_MS} ms`],
      },
    });
  }
  return out;
}

function groupByLot(run: readonly { lot: LotFacts; bid: BidFact }[], users: ReadonlySet<string>) {
  const seen = new Map<string, LotFacts>();
  for (const r of run) seen.set(r.lot.auctionId, r.lot);
  const inRun = new Set(run.map((r) => r.bid));
  return [...seen.values()].map((l) => ({
    ...lotEvidence(l, users),
    bids: l.bids
      .filter((b) => inRun.has(b))
      .map((b) => ({ userId: b.userId, maxCents: b.maxCents, at: b.at.toISOString() })),
  }));
}

/** What an account did after winning: strikes, unpaid orders cancelled, refunds after a dispute. */
export interface PaymentFacts {
  strikes: number;
  cancelledUnpaid: number;
  disputedRefunds: number;
  /** The latest of those facts. */
  latestAt: Date | null;
}

/** A strike or a disputed refund fires on its own; NON_PAYER_MIN_CANCELLED cancelled orders too. */
export function nonPayer(facts: PaymentFacts): Signal[] {
  const fires =
    facts.strikes > 0 || facts.disputedRefunds > 0 || facts.cancelledUnpaid >= L.NON_PAYER_MIN_CANCELLED;
  if (!fires || !facts.latestAt) return [];
  const lines = [
    facts.strikes > 0 ? `${facts.strikes} strike(s) for unpaid orders` : null,
    facts.cancelledUnpaid > 0 ? `${facts.cancelledUnpaid} order(s) cancelled unpaid` : null,
    facts.disputedRefunds > 0 ? `${facts.disputedRefunds} refund(s) after a card dispute` : null,
  ].filter((l): l is string => l !== null);
  return [
    {
      kind: 'non_payer',
      strength: facts.strikes >= 2 || facts.disputedRefunds > 0 ? 'strong' : 'moderate',
      latestAt: facts.latestAt.toISOString(),
      evidence: { ...emptyEvidence(), facts: lines },
    },
  ];
}

// ---------------------------------------------------------------------------------------------
// Together

export interface AccountFacts {
  userId: string;
  payments: PaymentFacts;
  /** When staff last marked this account's signals reviewed. */
  reviewedAt: Date | null;
}

export interface AccountSignals {
  userId: string;
  strength: SignalStrength;
  signals: Signal[];
  /** Every signal is from before the last review: listed apart, quiet until something new fires. */
  quiet: boolean;
}

/** A signal is quiet when staff reviewed the account after its latest fact. */
export function isQuiet(signal: Signal, reviewedAt: Date | null): boolean {
  return reviewedAt !== null && new Date(signal.latestAt).getTime() <= reviewedAt.getTime();
}

/**
 * Every account's signals, strongest first (by its strongest loud signal, then how many fired, then
 * the latest): the accounts with none are left out. `lots` are the lots in the window looked at.
 */
export function accountSignals(input: {
  accounts: readonly AccountFacts[];
  identifiers: readonly Identifier[];
  lots: readonly LotFacts[];
  staff: ReadonlySet<string>;
}): AccountSignals[] {
  const links = accountLinks(input.identifiers);
  const out: AccountSignals[] = [];
  for (const a of input.accounts) {
    const signals = [
      ...linkedSignals(a.userId, links, input.lots, input.staff),
      ...pricePushing(a.userId, input.lots),
      ...losingToSame(a.userId, input.lots),
      ...scriptedBidding(a.userId, input.lots),
      ...nonPayer(a.payments),
    ].sort((p, q) => rank(q.strength) - rank(p.strength));
    if (signals.length === 0) continue;
    const loud = signals.filter((s) => !isQuiet(s, a.reviewedAt));
    const top = (loud.length > 0 ? loud : signals)[0]!.strength;
    out.push({ userId: a.userId, strength: top, signals, quiet: loud.length === 0 });
  }
  const latestOf = (s: AccountSignals) => Math.max(...s.signals.map((x) => Date.parse(x.latestAt)));
  return out.sort(
    (p, q) =>
      Number(p.quiet) - Number(q.quiet) ||
      rank(q.strength) - rank(p.strength) ||
      q.signals.length - p.signals.length ||
      latestOf(q) - latestOf(p) ||
      p.userId.localeCompare(q.userId),
  );
}
