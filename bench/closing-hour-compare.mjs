// Compares closing-hour runs with bid groups and without (the `--json` files of
// bench/closing-hour.bench.ts): per phase and endpoint, p50 / p99 of each run, and the ratio of the
// means with groups to without. Runs taken one after another (interleaved) on a shared machine
// differ by the machine as much as by the code: read the spread of each side, not one pair.
// Run: node bench/closing-hour-compare.mjs run1.json run2.json ...
import { readFileSync } from 'node:fs';

const runs = process.argv.slice(2).map((f) => ({ file: f, ...JSON.parse(readFileSync(f, 'utf8')) }));
const withGroups = runs.filter((r) => r.groupShare > 0);
const without = runs.filter((r) => r.groupShare === 0);
const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
const f0 = (n) => (Number.isFinite(n) ? n.toFixed(0) : '—');
const ratio = (a, b) => (a.length > 0 && b.length > 0 && mean(b) > 0 ? (mean(a) / mean(b)).toFixed(2) : '—');

console.log(`with groups: ${withGroups.map((r) => r.file).join(', ')}`);
console.log(`without:     ${without.map((r) => r.file).join(', ')}\n`);
const phases = runs[0]?.phases.map((p) => `${p.servers}/${p.shoppers}`) ?? [];
for (const [k, name] of phases.entries()) {
  const side = (rs) => rs.map((r) => r.phases[k]).filter(Boolean);
  const g = side(withGroups);
  const o = side(without);
  const [servers, shoppers] = name.split('/');
  console.log(`## ${servers} server(s), ${shoppers} shoppers`);
  const line = (label, pick) => {
    const a = g.map(pick);
    const b = o.map(pick);
    console.log(
      `| ${label} | ${a.map(f0).join(', ')} | ${b.map(f0).join(', ')} | ${ratio(a.filter(Number.isFinite), b.filter(Number.isFinite))} |`,
    );
  };
  console.log('| | with groups (each run) | without (each run) | ratio of the means |\n|---|---|---|---|');
  line('load average × 10 at the end', (p) => p.load * 10);
  line('requests per second', (p) => p.requestsPerSecond);
  line('server CPU (% of a core)', (p) => p.serverCpu * 100);
  line('server CPU per request (µs)', (p) => (p.serverCpu * 1e6) / p.requestsPerSecond);
  line('server errors + no answer', (p) => p.serverErrors + p.noAnswer);
  const endpoints = [...new Set([...g, ...o].flatMap((p) => Object.keys(p.endpoints)))];
  for (const e of endpoints) {
    line(`${e}: p50 ms`, (p) => p.endpoints[e]?.p50 ?? Number.NaN);
    line(`${e}: p99 ms`, (p) => p.endpoints[e]?.p99 ?? Number.NaN);
  }
  line('every endpoint, worst 10 s window p99 ms', (p) => Math.max(...p.p99ByWindow.filter(Number.isFinite)));
  line('outbid email p99 ms', (p) => p.outbid?.email ?? Number.NaN);
  line('outbid in-app p99 ms', (p) => p.outbid?.socket ?? Number.NaN);
  line("sender's max lag s", (p) => p.senderLagSeconds ?? Number.NaN);
  for (const p of g) {
    const w = p.groupWinsEnded ?? p.groupWins;
    if (w)
      console.log(
        `groups: ${w.groups} made, ${w.above} above their number, lots won by group ${w.byWon.map((n) => n ?? 0).join(' / ')}`,
      );
  }
  console.log('');
}
