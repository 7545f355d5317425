import { expect, type Page, test } from '@playwright/test';

// Page weight budget (issue 15 item 6; docs/decisions/037-page-speed.md): a shop page's initial
// JavaScript, as the server sends it to a browser (brotli, the build's .br copies), stays within
// 120 KB; and the page's first API answer is asked for by the HTML (a preload) and used by the app,
// not fetched a second time. A size budget, not a timing: the speed itself (and the gzip sizes) is
// measured by bench/lighthouse.bench.ts.

test.skip(({ isMobile }) => isMobile, 'the same scripts on every device');

const BUDGET_BYTES = 120 * 1024;

interface Load {
  /** Every script the page loaded, by path. */
  scripts: string[];
  /** Every API request the browser sent: path with query, and what started it. */
  api: { path: string; initiator: string }[];
}

/** Opens `path`, waits for `ready` and for the network to settle, and lists what the browser asked for. */
async function load(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  const api: Load['api'] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.pathname.endsWith('.js')) scripts.add(url.pathname);
    if (url.pathname.startsWith('/api/'))
      api.push({ path: url.pathname + url.search, initiator: event.initiator.type });
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { scripts: [...scripts], api };
}

/** The size of each script as the server sends it to a browser (its build-time .br copy). */
async function transferBytes(page: Page, scripts: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const script of scripts) {
    const res = await page.request.fetch(script, { headers: { 'Accept-Encoding': 'br, gzip' } });
    expect(res.ok(), script).toBe(true);
    // The build's .br copy has its length; a small file (no copy below 1 KB) may be streamed without
    // one: then its whole length counts, as if sent uncompressed (an upper bound).
    const length = Number(res.headers()['content-length']);
    const sent =
      res.headers()['content-encoding'] === 'br' && Number.isFinite(length) && length > 0
        ? length
        : (await res.body()).length;
    expect(sent, `${script} has a body`).toBeGreaterThan(0);
    sizes.set(script, sent);
  }
  return sizes;
}

async function expectWithinBudget(page: Page, name: string, loaded: Load) {
  expect(loaded.scripts.length, `${name} loads scripts`).toBeGreaterThan(0);
  const sizes = await transferBytes(page, loaded.scripts);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const detail = [...sizes].map(([file, n]) => `${file} ${(n / 1024).toFixed(1)} KB`).join(', ');
  expect(
    total,
    `${name}: ${(total / 1024).toFixed(1)} KB of JavaScript sent (${detail})`,
  ).toBeLessThanOrEqual(BUDGET_BYTES);
}

/** The API request `apiPath` went out once, started by the HTML's preload, not by a script. */
function expectPreloadedOnce(loaded: Load, apiPath: string) {
  const sent = loaded.api.filter((r) => r.path === apiPath);
  expect(sent, `${apiPath} requested once (all API requests: ${JSON.stringify(loaded.api)})`).toHaveLength(1);
  expect(sent[0]?.initiator, `${apiPath} started by the HTML`).toBe('parser');
}

const cardsShown = (page: Page) =>
  expect(page.locator('main article').first()).toBeVisible({ timeout: 15_000 });

test('home: initial JavaScript within budget, its data preloaded by the HTML', async ({ page }) => {
  const loaded = await load(page, '/', cardsShown);
  await expectWithinBudget(page, 'home', loaded);
  expectPreloadedOnce(loaded, '/api/home');
});

test('shop: initial JavaScript within budget, its first page preloaded by the HTML', async ({ page }) => {
  const loaded = await load(page, '/shop', cardsShown);
  await expectWithinBudget(page, 'shop', loaded);
  // The server's preload and the app's default query must be the same address.
  const shopRequests = loaded.api.filter((r) => r.path.startsWith('/api/shop'));
  expect(shopRequests, JSON.stringify(shopRequests)).toHaveLength(1);
  expect(shopRequests[0]?.initiator, 'the shop request started by the HTML').toBe('parser');
});

test('drops: initial JavaScript within budget', async ({ page }) => {
  const loaded = await load(page, '/drops', (p) =>
    expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 }),
  );
  await expectWithinBudget(page, 'drops', loaded);
});

test('product: initial JavaScript within budget, the product preloaded by the HTML', async ({
  page,
  request,
}) => {
  const home = (await (await request.get('/api/home')).json()) as {
    latest: { slug: string; title: string }[];
  };
  const lot = home.latest[0];
  expect(lot, 'a product on the home page').toBeTruthy();
  const loaded = await load(page, `/product/${lot!.slug}`, (p) =>
    expect(p.getByRole('heading', { level: 1, name: lot!.title })).toBeVisible({ timeout: 15_000 }),
  );
  await expectWithinBudget(page, 'product', loaded);
  expectPreloadedOnce(loaded, `/api/products/${encodeURIComponent(lot!.slug)}`);
});
