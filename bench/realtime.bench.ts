// (d) Commit-to-client latency with 1,000 connected watchers of one auction: bids are committed by
// the real bidding service and published through the real hub (PostgreSQL NOTIFY/LISTEN) to real
// WebSocket clients in a worker thread. Baseline in the same script: a bare `ws` server
// broadcasting the same payload to 1,000 clients (no database, no framework).
// Run: npx tsx bench/realtime.bench.ts [--watchers 1000] [--bids 40]
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { WebSocketServer } from 'ws';
import type { Publisher } from '../apps/server/src/lib/publish';
import { placeBid } from '../apps/server/src/modules/bidding';
import { asSession } from '../apps/server/test/bidding';
import { makeAuction, makeLocation, makeUser } from '../apps/server/test/factories';
import { createTestApp } from '../apps/server/test/harness';
import { cli, fmt, machine, PG_URL, summary, writeSection } from './lib';

const arg = cli.number;
const WATCHERS = arg('watchers', 1000);
const BIDS = arg('bids', 40);
process.env.TEST_DATABASE_URL = PG_URL;
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function startWatchers(url: string, auctionId: string | null) {
  const worker = new Worker(new URL('./watchers-worker.mjs', import.meta.url), {
    workerData: { url, count: WATCHERS, auctionId },
  });
  const next = (type: string) =>
    new Promise<{ type: string; receipts?: [number, number][] }>((resolve, reject) => {
      const on = (m: { type: string; message?: string }) => {
        if (m.type === 'error') reject(new Error(m.message));
        if (m.type === type) {
          worker.off('message', on);
          resolve(m);
        }
      };
      worker.on('message', on);
    });
  return { worker, next };
}

async function baseline(): Promise<number[]> {
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await once(wss, 'listening');
  const port = (wss.address() as { port: number }).port;
  wss.on('connection', (ws) => ws.on('message', () => ws.send('ready')));
  const w = startWatchers(`ws://127.0.0.1:${port}`, null);
  await w.next('ready');
  const sent = new Map<number, number>();
  for (let seq = 1; seq <= BIDS; seq++) {
    const payload = JSON.stringify({ type: 'BidPlacedV1', auction: { seq } });
    sent.set(seq, now());
    for (const c of wss.clients) c.send(payload);
    await sleep(25);
  }
  await sleep(300);
  w.worker.postMessage('report');
  const { receipts = [] } = await w.next('report');
  w.worker.postMessage('close');
  await w.next('closed');
  await w.worker.terminate();
  wss.close();
  return receipts.map(([seq, at]) => at - sent.get(seq)!);
}

async function ours(): Promise<{ samples: number[]; expected: number }> {
  const t = await createTestApp();
  const base = await t.app.listen({ host: '127.0.0.1', port: 0 });
  const loc = await makeLocation(t.db);
  const { auction } = await makeAuction(t.db, {
    now: t.clock.now(),
    locationId: loc.id,
    auction: { endTime: new Date(t.clock.now().getTime() + 86_400_000) },
  });
  const bidders = [asSession(await makeUser(t.db)), asSession(await makeUser(t.db))];
  const w = startWatchers(`${base.replace('http', 'ws')}/ws`, auction.id);
  await w.next('ready');
  const committed = new Map<number, number>();
  // The bid's batch has committed when its events reach the publisher: the clock starts there.
  const publish: Publisher = async (events) => {
    for (const e of events) if (e.event.type === 'BidPlacedV1') committed.set(e.event.auction.seq, now());
    await t.app.deps.publish(events);
  };
  for (let i = 0; i < BIDS; i++) {
    await placeBid(t.db, t.clock, bidders[i % 2]!, auction.id, String(20 + i * 5), null, publish);
    await sleep(25);
  }
  await sleep(500);
  w.worker.postMessage('report');
  const { receipts = [] } = await w.next('report');
  w.worker.postMessage('close');
  await w.next('closed');
  await w.worker.terminate();
  await t.close();
  const samples = receipts.filter(([seq]) => committed.has(seq)).map(([seq, at]) => at - committed.get(seq)!);
  return { samples, expected: BIDS * WATCHERS };
}

async function main() {
  const base = summary(await baseline());
  const { samples, expected } = await ours();
  const s = summary(samples);
  console.log(`baseline bare ws broadcast: n=${base.n} p50=${fmt(base.p50)} ms p99=${fmt(base.p99)} ms`);
  console.log(
    `commit→client via hub:     n=${s.n}/${expected} p50=${fmt(s.p50)} ms p99=${fmt(s.p99)} ms max=${fmt(s.max)} ms`,
  );
  console.log(`ratio p50 ${fmt(s.p50 / base.p50, 1)}×, p99 ${fmt(s.p99 / base.p99, 1)}×`);
  if (s.n < expected) throw new Error(`only ${s.n} of ${expected} deliveries arrived`);
  writeSection(
    'realtime',
    `## (d) Commit-to-client latency with ${WATCHERS.toLocaleString('en-CA')} watchers

\`npx tsx bench/realtime.bench.ts\` on PostgreSQL 15 (local), ${machine()}, ${new Date().toISOString().slice(0, 10)}.
${BIDS} bids committed by the bidding service, published after commit through PostgreSQL
NOTIFY/LISTEN, delivered by the server's \`/ws\` endpoint to ${WATCHERS} WebSocket clients (in a
worker thread of the same script) subscribed to the auction. Latency = client receipt − commit.

| | deliveries | p50 | p99 | max |
|---|---|---|---|---|
| Rebound: commit → NOTIFY → hub → socket → client | ${s.n} | **${fmt(s.p50)} ms** | **${fmt(s.p99)} ms** | ${fmt(s.max)} ms |
| baseline: bare \`ws\` broadcast of the same payload | ${base.n} | ${fmt(base.p50)} ms | ${fmt(base.p99)} ms | ${fmt(base.max)} ms |
| ratio | | ${fmt(s.p50 / base.p50, 1)}× | ${fmt(s.p99 / base.p99, 1)}× | |

Every delivery arrived (${s.n} of ${expected}). Each event is serialised once per publish, not per socket.`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
