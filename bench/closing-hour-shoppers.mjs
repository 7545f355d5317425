// Child process of bench/closing-hour.bench.ts: one slice of the closing hour's shoppers. Its own
// process, so the load it makes is measured apart from the servers' and the bench's: it reports the
// CPU time it used (process.cpuUsage) with its latencies. Plain JavaScript: no compile step to start.
import { randomUUID } from 'node:crypto';
import { closingPicker, groupShopper, isGroupShopper } from './closing-hour-groups.mjs';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

process.once('message', async (job) => {
  const { ports, shoppers, live, cumulative, categories, seconds, thinkMs, rampMs, stopAt } = job;
  // `groupShare` of the shoppers bid through one bid group over lots of `closing` (those ending in
  // the phase; none in the warm-up) instead of lot by lot (bench/closing-hour-groups.mjs).
  const { groupShare = 0, closing = [] } = job;
  const pickLots = closingPicker(live, cumulative, closing);
  const cpu0 = process.cpuUsage();
  const startedAt = stopAt - seconds * 1000;
  const total = cumulative[cumulative.length - 1];
  const pickPopular = () => {
    const x = Math.random() * total;
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] < x) lo = mid + 1;
      else hi = mid;
    }
    return live[lo];
  };
  const result = {
    requests: 0,
    bidsAccepted: 0,
    bidsRefused: 0,
    serverErrors: 0,
    noAnswer: 0,
    perEndpoint: {},
    /** Every request's latency by the 10 s window of the phase it started in (all endpoints). */
    byWindow: [],
    notOk: {},
    errors: [],
    /** The group shoppers' groups: made (and their lots, how many to win two), refused; raises. */
    groups: { made: 0, lots: 0, winTwo: 0, refused: 0, raised: 0, raiseRefused: 0, refusals: [] },
  };
  const sorts = ['newest', 'ending', 'price_asc', 'price_desc', 'bids'];
  const call = async (endpoint, base, url, headers, init = {}) => {
    const s = performance.now();
    try {
      const res = await fetch(`${base}${url}`, { ...init, headers: { ...headers, ...(init.headers ?? {}) } });
      const body = await res.text();
      const ms = performance.now() - s;
      const list = result.perEndpoint[endpoint] ?? [];
      list.push(ms);
      const w = Math.max(0, Math.floor((Date.now() - ms - startedAt) / 10_000));
      if (!result.byWindow[w]) result.byWindow[w] = [];
      result.byWindow[w].push(ms);
      result.perEndpoint[endpoint] = list;
      result.requests++;
      if (res.status >= 300) result.notOk[endpoint] = (result.notOk[endpoint] ?? 0) + 1;
      if (res.status >= 500) {
        result.serverErrors++;
        if (result.errors.length < 3)
          result.errors.push(`${endpoint} ${url}: ${res.status} ${body.slice(0, 200)}`);
      }
      return { status: res.status, body };
    } catch (err) {
      result.noAnswer++;
      if (result.errors.length < 3) {
        const cause = err.cause;
        result.errors.push(`${endpoint} ${url}: ${err.message} (${cause?.code ?? cause?.message ?? ''})`);
      }
      return { status: 0, body: '' };
    }
  };
  const think = () => sleep(-Math.log(1 - Math.random()) * thinkMs);
  await Promise.all(
    shoppers.map(async ({ i, cookie }) => {
      const base = `http://127.0.0.1:${ports[i % ports.length]}`;
      const headers = { cookie, 'x-forwarded-for': `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}` };
      const group = isGroupShopper(i, groupShare)
        ? groupShopper({ call, base, headers, pickLots, tally: result.groups })
        : null;
      // Shoppers arrive over `rampMs` rather than all at once (2,000 connections opened within a few
      // seconds overflow the listen backlog of a busy server); with 0 they are already browsing, and
      // the first request comes after a pause like the others.
      await (rampMs > 0 ? sleep(Math.random() * rampMs) : think());
      while (Date.now() < stopAt) {
        const x = Math.random();
        if (x < 0.3) {
          const category = categories[Math.floor(Math.random() * categories.length)];
          const sort = sorts[Math.floor(Math.random() * sorts.length)];
          const filter = Math.random() < 0.5 ? `&category=${category}` : '';
          await call(
            'shop list',
            base,
            `/api/shop?sort=${sort}&page=${1 + Math.floor(Math.random() * 3)}${filter}`,
            headers,
          );
        } else if (x < 0.6) {
          const lot = Math.random() < 0.7 ? pickPopular() : live[Math.floor(Math.random() * live.length)];
          await call('product API', base, `/api/products/${lot.slug}`, headers);
        } else if (x < 0.65) {
          await call('product page (HTML)', base, `/product/${pickPopular().slug}`, headers);
        } else if (x < 0.75) {
          await call('auction state', base, `/api/auctions/${pickPopular().id}`, headers);
        } else if (group) {
          await group.act();
        } else {
          const lot = pickPopular();
          const state = await call('auction state', base, `/api/auctions/${lot.id}`, headers);
          if (state.status === 200) {
            const a = JSON.parse(state.body).auction;
            const step = 100;
            const cents =
              Math.random() < 1 / 7
                ? Math.max(100, a.minimumNextBidCents - step)
                : a.minimumNextBidCents + step * Math.floor(Math.random() * 4);
            const res = await call('bid', base, `/api/auctions/${lot.id}/bids`, headers, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'idempotency-key': randomUUID() },
              body: JSON.stringify({ amount: (cents / 100).toFixed(2) }),
            });
            if (res.status === 200) result.bidsAccepted++;
            else if (res.status > 0 && res.status < 500) result.bidsRefused++;
          }
        }
        await think();
      }
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  result.cpuSeconds = (cpu.user + cpu.system) / 1e6;
  result.seconds = seconds;
  process.send(result, () => process.exit(0));
});
