// The closing hour's shoppers who bid through a bid group ('win N of these', docs/product.md "Bid
// groups"; API in packages/contract/src/bid-groups.ts) instead of lot by lot. Used by
// bench/closing-hour-shoppers.mjs: where another shopper would bid, this one makes one group over 2-5
// lots of the closing hour (win one, sometimes two), then looks at its groups as My Bids shows them
// and sometimes raises a maximum. Plain JavaScript, as the shoppers' process.

/** Whether shopper `i` (from 0) bids through a group: `share` of the shoppers, spread evenly. */
export const isGroupShopper = (i, share) => Math.floor((i + 1) * share) > Math.floor(i * share);

/** Endpoint names of the group shoppers' requests, as the bench's rows name them. */
export const GROUP_ENDPOINTS = ['bid group: make', 'my bid groups', 'bid group: raise'];

/** A lot ending sooner than this is not put in a new group (it would end while the shopper chooses). */
const MIN_LEFT_MS = 10_000;
const STEP_CENTS = 100;

/**
 * Picks lots of the closing hour by popularity: `closing` are indices into `live` (the lots that end
 * within the phase), weighted as the other shoppers' picks are (the cumulative's steps).
 */
export function closingPicker(live, cumulative, closing) {
  const weights = closing.map((c) => cumulative[c.index] - (c.index > 0 ? cumulative[c.index - 1] : 0));
  const cum = [];
  weights.reduce((sum, w, k) => {
    cum[k] = sum + w;
    return cum[k];
  }, 0);
  const total = cum[cum.length - 1] ?? 0;
  const pick = () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return closing[lo];
  };
  /** `k` distinct lots still open for a while, most by popularity and some at random; fewer if too few are left. */
  return (k) => {
    const now = Date.now();
    const chosen = new Map();
    for (let tries = 0; chosen.size < k && tries < k * 20; tries++) {
      const c = Math.random() < 0.7 ? pick() : closing[Math.floor(Math.random() * closing.length)];
      if (c && c.endsAt - now > MIN_LEFT_MS) chosen.set(c.index, { ...live[c.index], endsAt: c.endsAt });
    }
    return [...chosen.values()];
  };
}

/**
 * One group shopper's bidding. `act()` is what the shopper does where another would bid: first it
 * makes the group (reading each lot's state to choose its maximum, as the lot page shows the minimum),
 * then each time looks at its groups (GET /api/me/bid-groups, My Bids) and, one time in three, raises
 * a maximum on a lot still open (outbid ones first) after reading that lot's state.
 */
export function groupShopper({ call, base, headers, pickLots, tally }) {
  let groupId = null;
  let attempts = 0;
  const json = { 'content-type': 'application/json' };
  const cents = (n) => (n / 100).toFixed(2);

  const make = async () => {
    const lots = pickLots(2 + Math.floor(Math.random() * 4));
    if (lots.length < 2) return false;
    attempts++;
    const chosen = [];
    for (const lot of lots) {
      const state = await call('auction state', base, `/api/auctions/${lot.id}`, headers);
      if (state.status !== 200) continue;
      const a = JSON.parse(state.body).auction;
      const max = a.minimumNextBidCents + STEP_CENTS * (1 + Math.floor(Math.random() * 6));
      chosen.push({ auctionId: lot.id, amount: cents(max) });
    }
    if (chosen.length < 2) return false;
    const winAtMost = chosen.length >= 3 && Math.random() < 0.25 ? 2 : 1;
    const res = await call('bid group: make', base, '/api/bid-groups', headers, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ winAtMost, lots: chosen }),
    });
    if (res.status === 201) {
      groupId = JSON.parse(res.body).group.id;
      tally.made++;
      tally.lots += chosen.length;
      if (winAtMost > 1) tally.winTwo++;
      return true;
    }
    if (res.status > 0 && res.status < 500) {
      tally.refused++;
      if (tally.refusals.length < 5) tally.refusals.push(`${res.status} ${res.body.slice(0, 160)}`);
    }
    return false;
  };

  const raise = async (group) => {
    const open = group.lots.filter((l) => ['waiting', 'live', 'outbid'].includes(l.state));
    if (open.length === 0) return;
    const outbid = open.filter((l) => l.state === 'outbid');
    const lot = (outbid.length > 0 ? outbid : open)[
      Math.floor(Math.random() * (outbid.length || open.length))
    ];
    const state = await call('auction state', base, `/api/auctions/${lot.auctionId}`, headers);
    if (state.status !== 200) return;
    const a = JSON.parse(state.body).auction;
    const max =
      Math.max(lot.maxBidCents + STEP_CENTS, a.minimumNextBidCents) +
      STEP_CENTS * Math.floor(Math.random() * 4);
    const res = await call('bid group: raise', base, `/api/bid-groups/${group.id}`, headers, {
      method: 'PATCH',
      headers: json,
      body: JSON.stringify({ set: [{ auctionId: lot.auctionId, amount: cents(max) }] }),
    });
    if (res.status === 200) tally.raised++;
    else if (res.status > 0 && res.status < 500) {
      tally.raiseRefused++;
      if (tally.refusals.length < 5) tally.refusals.push(`${res.status} ${res.body.slice(0, 160)}`);
    }
  };

  return {
    async act() {
      // Before the closing hour (the warm-up) there is nothing to group yet: My Bids only.
      if (groupId === null && attempts < 3 && (await make())) return;
      const mine = await call('my bid groups', base, '/api/me/bid-groups', headers);
      if (mine.status !== 200 || groupId === null || Math.random() >= 1 / 3) return;
      const group = JSON.parse(mine.body).groups.find((g) => g.id === groupId);
      if (group && group.state === 'active') await raise(group);
    },
  };
}
