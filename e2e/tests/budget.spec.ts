import { expect, type Page, test } from '@playwright/test';

// Page weight budget (decisions 037 and 040): a shop page's initial JavaScript,
// gzip-compressed (the build's .gz copies, what the server sends a browser that does not take brotli),
// stays within 125 KB (below); the page's own scripts and its first API answer are asked for by the HTML
// (modulepreload, preload) and used by the app, not fetched a second time. A size budget, not a
// timing: the speed itself is measured by bench/lighthouse.bench.ts.

test.skip(({ isMobile }) => isMobile, 'the same scripts on every device');

// 123 KB while the visit, returns and fee texts sit in the first bundle (the pickup and order texts
// the header shares); bringing every page under 100 KB is the next step (docs/benchmarks.md). It was
// 121 KB until the lot's sale terms (card and page), the photo viewer's button and the signed-in
// session's refresh on a suspension joined the first scripts (about 1.5 KB; docs/benchmarks.md,
// 'Page weight'); the lot-ending and suspension banners load only where they show. 125 KB since every
// shop card carries 'Add to a group' (bid groups: the button and the list of picks, about 1 KB; the
// tray loads with the first pick and the builder on 'Make a group', each its own chunk).
const BUDGET_BYTES = 125 * 1024;

interface Load {
  /** Every script the page loaded, by path. */
  scripts: string[];
  /** What started each script's request ('parser': the HTML). */
  scriptInitiators: Map<string, string>;
  /** Every image request: path, and what started it. */
  images: { path: string; initiator: string }[];
  /** Every API request the browser sent: path with query, and what started it. */
  api: { path: string; initiator: string }[];
}

/** Opens `path`, waits for `ready` and for the network to settle, and lists what the browser asked for. */
async function load(page: Page, path: string, ready: (page: Page) => Promise<void>): Promise<Load> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const scripts = new Set<string>();
  const scriptInitiators = new Map<string, string>();
  const images: Load['images'] = [];
  const api: Load['api'] = [];
  cdp.on('Network.requestWillBeSent', (event) => {
    const url = new URL(event.request.url);
    if (url.pathname.endsWith('.js')) {
      scripts.add(url.pathname);
      if (!scriptInitiators.has(url.pathname)) scriptInitiators.set(url.pathname, event.initiator.type);
    }
    if (event.type === 'Image') images.push({ path: url.pathname, initiator: event.initiator.type });
    if (url.pathname.startsWith('/api/'))
      api.push({ path: url.pathname + url.search, initiator: event.initiator.type });
  });
  await page.goto(path);
  await ready(page);
  await page.waitForLoadState('networkidle');
  await cdp.detach();
  return { scripts: [...scripts], scriptInitiators, images, api };
}

/** The size of each script as the server sends it to a browser that takes gzip only (its .gz copy). */
async function gzipBytes(page: Page, scripts: string[]): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const script of scripts) {
    const res = await page.request.fetch(script, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.ok(), script).toBe(true);
    // The build's .gz copy has its length; a small file (no copy below 1 KB) may be streamed without
    // one: then its whole length counts, as if sent uncompressed (an upper bound).
    const length = Number(res.headers()['content-length']);
    const sent =
      res.headers()['content-encoding'] === 'gzip' && Number.isFinite(length) && length > 0
        ? length
        : (await res.body()).length;
    expect(sent, `${script} has a body`).toBeGreaterThan(0);
    sizes.set(script, sent);
  }
  return sizes;
}

async function expectWithinBudget(page: Page, name: string, loaded: Load) {
  expect(loaded.scripts.length, `${name} loads scripts`).toBeGreaterThan(0);
  const sizes = await gzipBytes(page, loaded.scripts);
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  const detail = [...sizes].map(([file, n]) => `${file} ${(n / 1024).toFixed(1)} KB`).join(', ');
  expect(
    total,
    `${name}: ${(total / 1024).toFixed(1)} KB of JavaScript, gzip (${detail})`,
  ).toBeLessThanOrEqual(BUDGET_BYTES);
  // Every script the page needed was named by the HTML (the entry, its modulepreloads and the page's
  // own, decision 040): none waited for another script to ask for it.
  const late = loaded.scripts.filter((s) => loaded.scriptInitiators.get(s) !== 'parser');
  expect(late, `${name}: scripts not started by the HTML`).toEqual([]);
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

test('drops: initial JavaScript within budget, its data preloaded by the HTML', async ({ page }) => {
  const loaded = await load(page, '/drops', (p) =>
    expect(p.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 }),
  );
  await expectWithinBudget(page, 'drops', loaded);
  expectPreloadedOnce(loaded, '/api/drops');
});

test('product: initial JavaScript within budget, the product preloaded by the HTML', async ({
  page,
  request,
}) => {
  // A demo lot with its one seeded picture: other specs of the run add lots without photos or with
  // uploaded ones (several copies), and the newest of those may lead the lists.
  type Card = { slug: string; title: string; image: { url: string; variants?: unknown[] } | null };
  const home = (await (await request.get('/api/home')).json()) as { latest: Card[] };
  const shop = (await (await request.get('/api/shop?sort=ending')).json()) as { items: Card[] };
  const lot = [...home.latest, ...shop.items].find((c) => c.image && !c.image.variants?.length);
  expect(lot, 'a demo lot with a picture on the home page or the shop').toBeTruthy();
  const loaded = await load(page, `/product/${lot!.slug}`, (p) =>
    expect(p.getByRole('heading', { level: 1, name: lot!.title })).toBeVisible({ timeout: 15_000 }),
  );
  await expectWithinBudget(page, 'product', loaded);
  expectPreloadedOnce(loaded, `/api/products/${encodeURIComponent(lot!.slug)}`);
  // The main photo (the page's largest element) is fetched once, started by the HTML's preload: the
  // preload asks for exactly what the gallery shows. (The demo store's pictures are single files; an
  // uploaded photo's copies are checked by the server's tests.)
  expect(lot!.image?.variants ?? [], 'a demo picture').toEqual([]);
  const photo = new URL(lot!.image!.url, 'http://x').pathname;
  const photoRequests = loaded.images.filter((r) => r.path === photo);
  expect(photoRequests, `${photo} (all images: ${JSON.stringify(loaded.images)})`).toHaveLength(1);
  expect(photoRequests[0]?.initiator, 'the main photo started by the HTML').toBe('parser');
});
