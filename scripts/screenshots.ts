// Full-page screenshots of the storefront at phone (390 px) and desktop (1440 px) widths, for looking
// at what was built. Needs a running server with the demo store:
//
//   BASE_URL=http://127.0.0.1:3000 OUT=/tmp/shots npx tsx scripts/screenshots.ts
//
// CHROME_PATH defaults to /usr/bin/chromium. Signs in as the demo shopper Ava for the account pages.

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';

const BASE = process.env.BASE_URL ?? 'http://127.0.0.1:3000';
const OUT = process.env.OUT ?? '/tmp/shots';
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium';

async function json<T>(url: string): Promise<T> {
  const res = await fetch(`${BASE}${url}`);
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .locator('main .animate-pulse')
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => {});
  await page.waitForTimeout(400);
}

async function main() {
  mkdirSync(OUT, { recursive: true });
  const home = await json<{ latest: { slug: string }[] }>('/api/home');
  const live = home.latest[0]?.slug ?? '';
  const pages: { name: string; path: string; signedIn?: boolean }[] = [
    { name: 'home', path: '/' },
    { name: 'shop', path: '/shop' },
    { name: 'drops', path: '/drops' },
    { name: 'product-live', path: `/product/${live}` },
    ...(process.env.EXTRA_SLUGS ?? '')
      .split(',')
      .filter(Boolean)
      .map((s) => ({ name: `product-${s.slice(0, 20)}`, path: `/product/${s}` })),
    { name: 'product-live-signed-in', path: `/product/${live}`, signedIn: true },
    { name: 'account-bids', path: '/account?tab=bids', signedIn: true },
    { name: 'account-watchlist', path: '/account?tab=watchlist', signedIn: true },
    { name: 'auth', path: '/auth' },
    { name: 'privacy', path: '/privacy-policy' },
    { name: 'terms', path: '/terms-of-service' },
    { name: 'returns', path: '/refund-return-policy' },
    { name: 'about', path: '/about' },
    { name: 'contact', path: '/contact' },
    { name: 'not-found', path: '/no-such-page' },
  ];
  const browser = await chromium.launch({ executablePath: CHROME, args: ['--no-sandbox', '--disable-gpu'] });
  try {
    for (const [label, viewport, mobile] of [
      ['phone', { width: 390, height: 844 }, true],
      ['desktop', { width: 1440, height: 900 }, false],
    ] as const) {
      const context = await browser.newContext({
        viewport,
        isMobile: mobile,
        hasTouch: mobile,
        deviceScaleFactor: 1,
        baseURL: BASE,
      });
      let signedIn = false;
      for (const p of pages) {
        if (p.signedIn && !signedIn) {
          const res = await context.request.post('/api/auth/sign-in', {
            data: { email: 'ava@rebound.test', password: 'shopper-demo-2026' },
          });
          if (!res.ok()) throw new Error(`sign-in: ${res.status()}`);
          signedIn = true;
        }
        const page = await context.newPage();
        await page.goto(p.path);
        await settle(page);
        const file = path.join(OUT, `${p.name}-${label}.png`);
        await page.screenshot({ path: file, fullPage: true });
        console.log(file);
        await page.close();
      }
      await context.close();
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
