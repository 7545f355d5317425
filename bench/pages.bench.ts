// Page loads as a shopper's phone sees them: the storefront pages, each loaded cold (new browser
// context, empty cache) in headless Chromium with a mid-range phone's constraints (4x CPU slowdown,
// 'Slow 4G': 150 ms round trip, 1.6 Mbit/s down), against the real server (built web app, embedded
// database with the demo store, seeded beforehand since production never seeds it). Baseline, in the same run: a static HTML page of the same server
// with a heading and a paragraph, so every figure is also a ratio to the fastest page this server
// and network allow.
//
//   npx tsx bench/pages.bench.ts                 (BENCH_RUNS=5 by default; CHROME_PATH=/usr/bin/chromium)
//   WEB_DIST=/tmp/dist npx tsx bench/pages.bench.ts   (use an existing build instead of building)
//
// Per page: first contentful paint, largest contentful paint, 'data shown' (the page's own content,
// drawn from the API, is on screen), cumulative layout shift, bytes transferred and JavaScript bytes.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { fmt, freePort, machine, ROOT, sleep, startServer, writeSection } from './lib';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

function buildWeb(): string {
  if (process.env.WEB_DIST) return path.resolve(process.env.WEB_DIST);
  const out = mkdtempSync(path.join(tmpdir(), 'rebound-bench-web-'));
  const built = spawnSync('npx', ['vite', 'build', '--outDir', out, '--emptyOutDir'], {
    cwd: path.join(ROOT, 'apps/web'),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (built.status !== 0) throw new Error('web build failed');
  return out;
}

/**
 * A throwaway data directory with the demo store, seeded by `npm run db:seed` in development mode:
 * the server under test runs in production, which never seeds demo accounts itself.
 */
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

const OBSERVERS = `
  window.__lcp = 0; window.__cls = 0;
  new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__lcp = e.startTime; })
    .observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
  }).observe({ type: 'layout-shift', buffered: true });
`;

interface Sample {
  fcp: number;
  lcp: number;
  shown: number;
  cls: number;
  bytes: number;
  jsBytes: number;
  requests: number;
}

interface Target {
  name: string;
  path: string;
  /** The page's own content, from the API, is on screen. */
  shown: (page: Page) => Promise<void>;
}

async function loadOnce(browser: Browser, base: string, target: Target): Promise<Sample> {
  const context = await browser.newContext({
    viewport: { width: 412, height: 915 },
    deviceScaleFactor: 2.6,
    isMobile: true,
    hasTouch: true,
  });
  const page = await context.newPage();
  await page.addInitScript(OBSERVERS);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', NETWORK);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await page.goto(`${base}${target.path}`, { waitUntil: 'commit' });
  await target.shown(page);
  const shown = await page.evaluate(() => performance.now());
  // Let late paints and shifts land, then read the figures.
  await page.waitForLoadState('load');
  await sleep(1_500);
  const figures = await page.evaluate(() => {
    const w = window as unknown as { __lcp: number; __cls: number };
    const fcp = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined;
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const js = resources.filter((r) => new URL(r.name).pathname.endsWith('.js'));
    return {
      fcp,
      lcp: w.__lcp,
      cls: w.__cls,
      bytes: (nav?.transferSize ?? 0) + resources.reduce((n, r) => n + r.transferSize, 0),
      jsBytes: js.reduce((n, r) => n + r.transferSize, 0),
      requests: resources.length + 1,
    };
  });
  await context.close();
  return { ...figures, shown };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function main() {
  const webDist = buildWeb();
  writeFileSync(
    path.join(webDist, 'bench-baseline.html'),
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Baseline</title></head>' +
      '<body><h1>Hidden Gems Await!</h1><p>Inspected returns and overstock from major retailers, auctioned weekly.</p></body></html>',
  );
  const port = await freePort();
  const server = await startServer(
    port,
    {
      DATABASE_URL: '',
      DATA_DIR: seededDataDir(),
      WEB_DIST: webDist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
    },
    { waitMs: 60_000 },
  );
  const base = `http://127.0.0.1:${port}`;
  const home = (await (await fetch(`${base}/api/home`)).json()) as { latest: { slug: string }[] };
  const slug = home.latest[0]?.slug;
  if (!slug) throw new Error('no live product');

  const noSkeletons = async (page: Page) => {
    await page.locator('main .animate-pulse').first().waitFor({ state: 'detached', timeout: 60_000 });
  };
  const targets: Target[] = [
    {
      name: 'baseline: static HTML',
      path: '/bench-baseline.html',
      shown: (page) => page.getByRole('heading', { name: 'Hidden Gems Await!' }).waitFor({ timeout: 60_000 }),
    },
    {
      name: 'home /',
      path: '/',
      shown: async (page) => {
        await page.locator('main article').first().waitFor({ timeout: 60_000 });
      },
    },
    {
      name: 'shop /shop',
      path: '/shop',
      shown: async (page) => {
        await page.locator('main article').first().waitFor({ timeout: 60_000 });
      },
    },
    {
      name: 'drops /drops',
      path: '/drops',
      shown: async (page) => {
        await page.locator('main article').first().waitFor({ timeout: 60_000 });
      },
    },
    {
      name: 'product /product/:slug',
      path: `/product/${slug}`,
      shown: async (page) => {
        await page.locator('main section[aria-label="Auction"]').waitFor({ timeout: 60_000 });
        await noSkeletons(page);
      },
    },
    {
      name: 'privacy /privacy-policy',
      path: '/privacy-policy',
      shown: (page) => page.getByRole('heading', { level: 1 }).waitFor({ timeout: 60_000 }),
    },
  ];

  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const rows: { target: Target; m: Sample }[] = [];
  try {
    for (const target of targets) {
      // One warm-up load (server-side caches, the OS page cache), not counted.
      await loadOnce(browser, base, target);
      const samples: Sample[] = [];
      for (let i = 0; i < RUNS; i++) samples.push(await loadOnce(browser, base, target));
      const m: Sample = {
        fcp: median(samples.map((s) => s.fcp)),
        lcp: median(samples.map((s) => s.lcp)),
        shown: median(samples.map((s) => s.shown)),
        cls: Math.max(...samples.map((s) => s.cls)),
        bytes: median(samples.map((s) => s.bytes)),
        jsBytes: median(samples.map((s) => s.jsBytes)),
        requests: median(samples.map((s) => s.requests)),
      };
      rows.push({ target, m });
      console.log(
        `${target.name.padEnd(26)} FCP ${fmt(m.fcp, 0)} ms  LCP ${fmt(m.lcp, 0)} ms  shown ${fmt(m.shown, 0)} ms  CLS ${fmt(m.cls, 3)}  ${fmt(m.bytes / 1024, 0)} KiB (JS ${fmt(m.jsBytes / 1024, 0)} KiB) in ${m.requests} requests`,
      );
    }
  } finally {
    await browser.close();
    server.kill('SIGTERM');
  }

  const baseline = rows[0]!.m;
  console.log(`\nratios to the baseline page (LCP ${fmt(baseline.lcp, 0)} ms):`);
  for (const { target, m } of rows.slice(1)) {
    console.log(
      `  ${target.name.padEnd(26)} LCP x${fmt(m.lcp / baseline.lcp)}  shown x${fmt(m.shown / baseline.shown)}`,
    );
  }

  const table = rows
    .map(
      ({ target, m }) =>
        `| ${target.name} | ${fmt(m.fcp, 0)} | ${fmt(m.lcp, 0)} (x${fmt(m.lcp / baseline.lcp)}) | ${fmt(m.shown, 0)} (x${fmt(m.shown / baseline.shown)}) | ${fmt(m.cls, 3)} | ${fmt(m.bytes / 1024, 0)} | ${fmt(m.jsBytes / 1024, 0)} | ${m.requests} |`,
    )
    .join('\n');
  writeSection(
    'pages',
    `## Page loads on a phone: storefront pages against a static page

\`npx tsx bench/pages.bench.ts\` — ${machine()}; ${new Date().toISOString().slice(0, 10)}.
Headless Chromium at 412×915, CPU slowed ${CPU_SLOWDOWN}x, network ${NETWORK.latency} ms round trip and
1.6 Mbit/s down; each page loaded cold (new context, empty cache) ${RUNS} times after one warm-up,
medians (CLS: the worst run). 'Shown' is when the page's own content from the API is on screen.
Ratios are to the baseline, a static HTML page served by the same server in the same run.

| page | FCP ms | LCP ms (× baseline) | shown ms (× baseline) | CLS | KiB transferred | JS KiB | requests |
| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |
${table}
`,
  );
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
