// Lighthouse (mobile) on the launch landing page (issue 14): the first page everyone sees while the
// store is locked. The real server in production mode, the built web app, the lock on (SITE_LOCKED),
// an empty database (the landing page needs no store data); Lighthouse's default mobile run (Moto G
// Power class screen, simulated slow 4G and 4x CPU slowdown) in the system Chromium, headless.
//
//   npx tsx bench/lighthouse.bench.ts              (LIGHTHOUSE_RUNS=3 by default; CHROME_PATH=/usr/bin/chromium)
//   WEB_DIST=/tmp/dist npx tsx bench/lighthouse.bench.ts   (use an existing build instead of building)
//
// Writes the median run's category scores, LCP / TBT / CLS and the landing page's gzip sizes (HTML
// with its inline CSS, and its JavaScript) to docs/benchmarks.md.

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { fmt, freePort, machine, ROOT, startServer, writeSection } from './lib';

const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;

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

/** launch.html and the scripts it loads, each gzipped as the server sends them. */
function landingSizes(webDist: string) {
  const html = readFileSync(path.join(webDist, 'launch.html'), 'utf8');
  const scripts = [...html.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1]!);
  const assets = new Set(readdirSync(path.join(webDist, 'assets')));
  const gz = (file: string) => gzipSync(readFileSync(file)).length;
  const js = scripts
    .filter((f) => assets.has(f))
    .reduce((n, f) => n + gz(path.join(webDist, 'assets', f)), 0);
  const css = [...html.matchAll(/href="\/assets\/([^"]+\.css)"/g)]
    .map((m) => m[1]!)
    .reduce((n, f) => n + gz(path.join(webDist, 'assets', f)), 0);
  return { html: gzipSync(html).length, js, css, scripts: scripts.length };
}

interface Run {
  scores: Record<(typeof CATEGORIES)[number], number>;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  si: number;
}

async function audit(url: string): Promise<Run> {
  const chrome = await chromeLauncher.launch({
    chromePath: CHROME,
    chromeFlags: ['--headless=new', '--no-sandbox'],
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: [...CATEGORIES],
    });
    if (!result) throw new Error('lighthouse returned nothing');
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`lighthouse: ${lhr.runtimeError.message}`);
    const num = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const scores = Object.fromEntries(
      CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
    ) as Run['scores'];
    for (const c of ['accessibility', 'best-practices', 'seo'] as const) {
      const failed = lhr.categories[c]?.auditRefs
        .filter((r) => r.weight > 0 && (lhr.audits[r.id]?.score ?? 1) < 1)
        .map((r) => r.id);
      if (failed?.length) console.log(`  ${c}: not passed: ${failed.join(', ')}`);
    }
    return {
      scores,
      lcp: num('largest-contentful-paint'),
      fcp: num('first-contentful-paint'),
      tbt: num('total-blocking-time'),
      cls: num('cumulative-layout-shift'),
      si: num('speed-index'),
    };
  } finally {
    await chrome.kill();
  }
}

async function main() {
  const webDist = buildWeb();
  const port = await freePort();
  const server = await startServer(
    port,
    {
      DATABASE_URL: '',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'rebound-bench-data-')),
      WEB_DIST: webDist,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      SITE_LOCKED: 'true',
    },
    { waitMs: 60_000 },
  );
  try {
    const url = `http://127.0.0.1:${port}/`;
    const page = await (await fetch(url)).text();
    if (!page.includes('id="landing-hero"'))
      throw new Error('the locked server did not send the landing page');
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const run = await audit(url);
      console.log(
        `run ${i + 1}: performance ${run.scores.performance}, accessibility ${run.scores.accessibility}, ` +
          `best practices ${run.scores['best-practices']}, SEO ${run.scores.seo}; LCP ${fmt(run.lcp, 0)} ms, ` +
          `TBT ${fmt(run.tbt, 0)} ms, CLS ${fmt(run.cls, 3)}`,
      );
      runs.push(run);
    }
    const sorted = [...runs].sort((a, b) => a.scores.performance - b.scores.performance);
    const median = sorted[Math.floor(sorted.length / 2)]!;
    const worst = sorted[0]!;
    const sizes = landingSizes(webDist);
    const kb = (n: number) => `${fmt(n / 1024, 1)} kB`;
    writeSection(
      'lighthouse',
      `## Launch landing page: Lighthouse mobile

\`npx tsx bench/lighthouse.bench.ts\` — ${machine()}; ${new Date().toISOString().slice(0, 10)}.
The real server in production mode with the lock on (\`SITE_LOCKED=true\`), \`/\` answered with the
launch landing page (launch.html); Lighthouse's default mobile audit (simulated slow 4G, 4x CPU
slowdown) in headless Chromium, ${RUNS} runs, the median by performance score shown (worst in brackets).

| Category | Score |
|---|---|
| Performance | ${median.scores.performance} (worst ${worst.scores.performance}) |
| Accessibility | ${median.scores.accessibility} |
| Best practices | ${median.scores['best-practices']} |
| SEO | ${median.scores.seo} |

| Metric | Median run |
|---|---|
| First contentful paint | ${fmt(median.fcp, 0)} ms |
| Largest contentful paint | ${fmt(median.lcp, 0)} ms |
| Speed index | ${fmt(median.si, 0)} ms |
| Total blocking time | ${fmt(median.tbt, 0)} ms |
| Cumulative layout shift | ${fmt(median.cls, 3)} |

Sizes (gzip): the page with its inline CSS ${kb(sizes.html)}, JavaScript ${kb(sizes.js)} in ${sizes.scripts}
file(s), CSS files ${kb(sizes.css)}; system fonts, no images (the art is inline SVG). Target: performance >= 95.`,
    );
    console.log(`median performance ${median.scores.performance}; sizes`, sizes);
  } finally {
    server.kill('SIGTERM');
  }
}

await main();
