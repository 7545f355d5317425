import { expect, test } from '@playwright/test';
import { demoLots } from './support/demo';

// Findability (docs/decisions/031-findability.md): a live lot's page carries
// schema.org Product + Offer JSON-LD that the browser accepts under the CSP; robots.txt names the
// sitemap, and the sitemap is XML the browser parses and lists that lot.

test.skip(({ isMobile }) => isMobile, 'the same HTML on every device');

type AuctionState = { serverTime: string; auction: { status: string; startTime: string; endTime: string } };

test('a live lot is findable: JSON-LD on its page, listed in the sitemap named by robots.txt', async ({
  page,
  request,
  baseURL,
}) => {
  // A lot that is live now, as the server has it (other journeys move the server's clock).
  let slug: string | null = null;
  let endTime = '';
  for (const lot of demoLots()) {
    const res = await request.get(`/api/auctions/${lot.auctionId}`);
    if (!res.ok()) continue;
    const state = (await res.json()) as AuctionState;
    const now = Date.parse(state.serverTime);
    const { status, startTime, endTime: end } = state.auction;
    // At least ten minutes left, so it is still live when the page loads.
    if (status === 'live' && Date.parse(startTime) <= now && Date.parse(end) > now + 10 * 60_000) {
      slug = lot.slug;
      endTime = end;
      break;
    }
  }
  expect(slug, 'a live demo lot').not.toBeNull();

  const cspErrors: string[] = [];
  page.on('console', (msg) => {
    if (/content security policy/i.test(msg.text())) cspErrors.push(msg.text());
  });
  await page.goto(`/product/${slug}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(blocks).toHaveLength(1);
  const data = JSON.parse(blocks[0]!) as {
    '@type': string;
    name: string;
    offers: { price: string; priceCurrency: string; availability: string; availabilityEnds: string };
  };
  expect(data['@type']).toBe('Product');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(data.name);
  expect(data.offers.priceCurrency).toBe('CAD');
  expect(data.offers.price).toMatch(/^\d+\.\d{2}$/);
  expect(data.offers.availability).toBe('https://schema.org/InStock');
  expect(new Date(data.offers.availabilityEnds).toISOString()).toBe(new Date(endTime).toISOString());

  const robots = await request.get('/robots.txt');
  expect(robots.status()).toBe(200);
  expect(robots.headers()['content-type']).toMatch(/^text\/plain/);
  expect(await robots.text()).toContain(`Sitemap: ${baseURL}/sitemap.xml`);

  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.status()).toBe(200);
  const xml = await sitemap.text();
  // The browser's own XML parser: a malformed document gives a <parsererror>.
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    return {
      error: doc.getElementsByTagName('parsererror').length > 0,
      locs: Array.from(doc.getElementsByTagName('loc'), (n) => n.textContent ?? ''),
    };
  }, xml);
  expect(parsed.error).toBe(false);
  expect(parsed.locs).toContain(`${baseURL}/product/${slug}`);
  expect(parsed.locs).toContain(`${baseURL}/`);

  expect(cspErrors).toEqual([]);
});
