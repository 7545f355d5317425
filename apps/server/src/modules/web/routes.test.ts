import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeLocation, makeProduct } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { REPO_ROOT } from '../../config';
import { auctions, productImages } from '../../db/schema';
import { escapeHtml } from '../../lib/html';
import { absoluteUrl, PRODUCT_GALLERY_SIZES, summarize } from './head';
import { PAGE_SCRIPTS_FILE } from './page-scripts';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const PUBLIC_URL = 'https://rebound.example';

let t: TestApp;
let webDist: string;
const BUNDLE = `export const answer = ${JSON.stringify('x'.repeat(4000))};\n`;
let locationId: string;
const PAGE_SCRIPTS = {
  home: ['/assets/page-home-Aa11.js', '/assets/pages-shared-Bb22.js'],
  shop: ['/assets/page-shop-Cc33.js', '/assets/pages-shared-Bb22.js'],
  drops: ['/assets/page-drops-Dd44.js'],
  product: ['/assets/page-product-Ee55.js', '/assets/pages-shared-Bb22.js'],
};

// The web app's own index.html (source form: same head as the build), in a throwaway WEB_DIST.
beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'rebound-web-'));
  await copyFile(path.join(REPO_ROOT, 'apps/web/index.html'), path.join(webDist, 'index.html'));
  // A hashed bundle with the compressed copies the build makes beside it.
  await mkdir(path.join(webDist, 'assets'));
  await writeFile(path.join(webDist, 'assets', 'app-Ab12Cd34.js'), BUNDLE);
  await writeFile(path.join(webDist, 'assets', 'app-Ab12Cd34.js.br'), brotliCompressSync(BUNDLE));
  await writeFile(path.join(webDist, 'assets', 'app-Ab12Cd34.js.gz'), gzipSync(BUNDLE));
  await writeFile(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  // The build's list of each storefront page's own scripts (apps/web/vite/page-chunks.ts).
  await mkdir(path.join(webDist, '.vite'));
  await writeFile(path.join(webDist, PAGE_SCRIPTS_FILE), JSON.stringify(PAGE_SCRIPTS));
  t = await createTestApp({ now: NOW, env: { WEB_DIST: webDist, PUBLIC_URL } });
  locationId = (await makeLocation(t.db)).id;
});
afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

/** The content of the one <meta> with this name or property; fails when there is not exactly one. */
function metaContent(html: string, key: string): string {
  const found = [...html.matchAll(/<meta\s+(?:name|property)="([^"]+)"\s+content="([^"]*)"/g)].filter(
    (m) => m[1] === key,
  );
  expect(found, `one <meta> for ${key}`).toHaveLength(1);
  return found[0]![2]!;
}

function head(html: string): string {
  return html.slice(0, html.indexOf('</head>'));
}

/**
 * Makes the product's picture an uploaded photo: a 1200 × 800 JPEG with a copy in each of `formats`
 * at each of `widths`, stored in that order. Gives the photo's folder (`/media/products/<id>/img`).
 */
async function uploadedPhoto(
  productId: string,
  formats: ('avif' | 'webp' | 'jpeg')[],
  widths: number[],
): Promise<string> {
  const base = `/media/products/${productId}/img`;
  await t.db
    .update(productImages)
    .set({
      url: `${base}/1200.jpg`,
      width: 1200,
      height: 800,
      variants: formats.flatMap((format) =>
        widths.map((width) => ({
          format,
          width,
          url: `${base}/${width}.${format === 'jpeg' ? 'jpg' : format}`,
        })),
      ),
    })
    .where(eq(productImages.productId, productId));
  return base;
}

describe('product pages carry their own preview tags', () => {
  it('puts the title, description, canonical link, Open Graph and Twitter tags in <head>', async () => {
    const { product } = await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: {
        title: 'Cordless Drill Kit',
        slug: 'cordless-drill-kit-ab12cd',
        brand: 'DeWalt',
        description: 'A 20V drill with two batteries.\n\nOpened once, all parts present.',
      },
    });
    await t.db
      .update(productImages)
      .set({ width: 1200, height: 900, alt: 'The drill and its case' })
      .where(eq(productImages.productId, product.id));

    const res = await page('/product/cordless-drill-kit-ab12cd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    const html = head(res.body);

    expect(html.match(/<title>/g)).toHaveLength(1);
    expect(html).toContain('<title>Cordless Drill Kit | Rebound</title>');
    expect(metaContent(html, 'description')).toBe(
      'A 20V drill with two batteries. Opened once, all parts present.',
    );
    expect(html).toContain(
      '<link rel="canonical" href="https://rebound.example/product/cordless-drill-kit-ab12cd" />',
    );
    expect(metaContent(html, 'og:type')).toBe('product');
    expect(metaContent(html, 'og:site_name')).toBe('Rebound');
    expect(metaContent(html, 'og:title')).toBe('Cordless Drill Kit');
    expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
    expect(metaContent(html, 'og:url')).toBe('https://rebound.example/product/cordless-drill-kit-ab12cd');
    // The seeded picture is SVG: the preview is its JPEG, made on first request (below).
    expect(metaContent(html, 'og:image')).toBe(
      `https://rebound.example/media-previews/products/${product.id}-0.jpg`,
    );
    expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('1200');
    expect(metaContent(html, 'og:image:alt')).toBe('The drill and its case');
    expect(metaContent(html, 'twitter:card')).toBe('summary_large_image');
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
    // The rest of index.html is untouched: the app still boots.
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).toContain('<meta name="theme-color"');
  });

  it('escapes every value: a title with markup and quotes cannot break out of the tags', async () => {
    const title = `Evil "quoted" <script>alert('x')</script> & co`;
    await makeProduct(t.db, {
      title,
      slug: 'evil-title-ef34gh',
      brand: `O'Brien & "Sons"`,
      description: `</title><script>alert(1)</script> "><img src=x onerror=alert(2)>`,
    });
    const res = await page('/product/evil-title-ef34gh');
    expect(res.statusCode).toBe(200);
    const html = head(res.body);
    expect(html).not.toContain('<script>alert');
    expect(html).not.toContain('<img');
    expect(html).toContain(
      '<title>Evil &quot;quoted&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co | Rebound</title>',
    );
    expect(metaContent(html, 'og:title')).toBe(
      'Evil &quot;quoted&quot; &lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt; &amp; co',
    );
    expect(metaContent(html, 'description')).toBe(
      '&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt; &quot;&gt;&lt;img src=x onerror=alert(2)&gt;',
    );
    // Every <meta> still parses as one tag with one content attribute.
    for (const tag of html.match(/<meta [^>]*>/g) ?? []) expect(tag).toMatch(/^<meta [^<>]*\/?>$/);
  });

  it('trims a long description to about 160 characters at a word', async () => {
    const description = `${'Lightly used stand mixer with the bowl, whisk and dough hook. '.repeat(6)}The end.`;
    await makeProduct(t.db, { title: 'Stand Mixer', slug: 'stand-mixer-ij56kl', description });
    const res = await page('/product/stand-mixer-ij56kl');
    const text = metaContent(head(res.body), 'description');
    expect(text.length).toBeLessThanOrEqual(160);
    expect(text.length).toBeGreaterThan(120);
    expect(text.endsWith('…')).toBe(true);
    expect(description.startsWith(text.slice(0, -1))).toBe(true);
  });

  it('works for a sold product and one without an image or description', async () => {
    const sold = await makeProduct(t.db, { title: 'Sold Lamp', slug: 'sold-lamp-mn78op', status: 'sold' });
    await t.db.delete(productImages).where(eq(productImages.productId, sold.id));
    const res = await page('/product/sold-lamp-mn78op');
    expect(res.statusCode).toBe(200);
    const html = head(res.body);
    expect(html).toContain('<title>Sold Lamp | Rebound</title>');
    expect(metaContent(html, 'description')).toContain('Sold Lamp');
    expect(html).not.toContain('og:image');
    expect(metaContent(html, 'twitter:card')).toBe('summary');
  });

  it("points link previews at a raster JPEG: an uploaded photo's largest JPEG copy", async () => {
    const product = await makeProduct(t.db, { title: 'Desk Fan', slug: 'desk-fan-uv12wx' });
    const base = await uploadedPhoto(product.id, ['avif', 'webp', 'jpeg'], [320, 640, 1200]);
    const html = head((await page('/product/desk-fan-uv12wx')).body);
    expect(metaContent(html, 'og:image')).toBe(`https://rebound.example${base}/1200.jpg`);
    expect(metaContent(html, 'og:image:type')).toBe('image/jpeg');
    expect(metaContent(html, 'og:image:width')).toBe('1200');
    expect(metaContent(html, 'og:image:height')).toBe('800');
    expect(metaContent(html, 'twitter:image')).toBe(metaContent(html, 'og:image'));
  });

  it('rasterises a seeded SVG picture to the preview JPEG once, and keeps it', async () => {
    const product = await makeProduct(t.db, { title: 'Kettle', slug: 'kettle-yz34ab' });
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800"><rect width="800" height="800" fill="#3a7bd5"/></svg>';
    await mkdir(path.join(t.config.mediaDir, 'products'), { recursive: true });
    await writeFile(path.join(t.config.mediaDir, 'products', `${product.id}-0.svg`), svg);
    const html = head((await page('/product/kettle-yz34ab')).body);
    const url = new URL(metaContent(html, 'og:image'));
    const res = await t.app.inject({ method: 'GET', url: url.pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('public, max-age=604800');
    const meta = await sharp(res.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 1200, 1200]);
    // Kept in the media folder: a second request does not need the SVG.
    await rm(path.join(t.config.mediaDir, 'products', `${product.id}-0.svg`));
    expect((await t.app.inject({ method: 'GET', url: url.pathname })).statusCode).toBe(200);
    // Unknown pictures and odd names are 404s.
    expect((await t.app.inject({ method: 'GET', url: '/media-previews/products/nope.jpg' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/media-previews/products/..%2Fx.jpg' })).statusCode,
    ).toBe(404);
  });

  it('answers HEAD like GET', async () => {
    await makeProduct(t.db, { title: 'Head Lamp', slug: 'head-lamp-qr90st' });
    const res = await t.app.inject({ method: 'HEAD', url: '/product/head-lamp-qr90st' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
  });
});

/** The page's JSON-LD blocks, parsed; the first `</script>` must be the block's own end. */
interface LdProduct {
  '@type': string;
  name: string;
  description: string;
  offers?: { availability: string; price: string };
}
function jsonLd(html: string): LdProduct[] {
  return [...head(html).matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1]!),
  );
}

describe('product pages carry schema.org Product and Offer JSON-LD', () => {
  it('describes a live lot: name, image, SKU, brand, condition, and an Offer at the current price in CAD until the end', async () => {
    const end = new Date(NOW.getTime() + 3 * 60 * 60_000);
    const start = new Date(NOW.getTime() - 60 * 60_000);
    const { product } = await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: {
        title: 'Espresso Machine',
        slug: 'espresso-machine-cd34ef',
        brand: 'Breville',
        sku: 'RB-ESP-0042',
        condition: 'open_box',
        description: 'Opened, never used.',
      },
      auction: { startTime: start, endTime: end, startingBidCents: 2_000, currentPriceCents: 12_345 },
    });
    const res = await page('/product/espresso-machine-cd34ef');
    expect(res.statusCode).toBe(200);
    const blocks = jsonLd(res.body);
    expect(blocks).toHaveLength(1);
    const pageUrl = 'https://rebound.example/product/espresso-machine-cd34ef';
    expect(blocks[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Espresso Machine',
      description: 'Opened, never used.',
      url: pageUrl,
      sku: 'RB-ESP-0042',
      itemCondition: 'https://schema.org/UsedCondition',
      image: [`https://rebound.example/media-previews/products/${product.id}-0.jpg`],
      brand: { '@type': 'Brand', name: 'Breville' },
      offers: {
        '@type': 'Offer',
        url: pageUrl,
        price: '123.45',
        priceCurrency: 'CAD',
        availability: 'https://schema.org/InStock',
        availabilityStarts: start.toISOString(),
        availabilityEnds: end.toISOString(),
        priceValidUntil: end.toISOString().slice(0, 10),
        itemCondition: 'https://schema.org/UsedCondition',
        seller: { '@type': 'Organization', name: 'Rebound', url: 'https://rebound.example/' },
      },
    });
  });

  it('marks an ended lot sold out and an upcoming one out of stock until it opens; no Offer without an auction', async () => {
    await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Ended Toaster', slug: 'ended-toaster-gh56ij', status: 'sold' },
      auction: {
        status: 'ended',
        startTime: new Date(NOW.getTime() - 2 * 86_400_000),
        endTime: new Date(NOW.getTime() - 86_400_000),
        currentPriceCents: 4_100,
      },
    });
    const ended = jsonLd((await page('/product/ended-toaster-gh56ij')).body)[0]!;
    expect(ended.offers?.availability).toBe('https://schema.org/SoldOut');
    expect(ended.offers?.price).toBe('41.00');

    await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Upcoming Blender', slug: 'upcoming-blender-kl78mn' },
      auction: {
        status: 'scheduled',
        startTime: new Date(NOW.getTime() + 86_400_000),
        endTime: new Date(NOW.getTime() + 2 * 86_400_000),
      },
    });
    const upcoming = jsonLd((await page('/product/upcoming-blender-kl78mn')).body)[0]!;
    expect(upcoming.offers?.availability).toBe('https://schema.org/OutOfStock');
    expect(upcoming.offers?.price).toBe('10.00');

    await makeProduct(t.db, { title: 'Lone Vase', slug: 'lone-vase-op90qr', description: '' });
    const lone = jsonLd((await page('/product/lone-vase-op90qr')).body)[0]!;
    expect(lone['@type']).toBe('Product');
    expect(lone.offers).toBeUndefined();
    expect(lone.description).toContain('Lone Vase');
  });

  it('offers a relisted lot at its latest auction that stands, never a later cancelled one', async () => {
    const at = (hours: number) => new Date(NOW.getTime() + hours * 60 * 60_000);
    const { product } = await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Relisted Kettle', slug: 'relisted-kettle-st12uv' },
      auction: { status: 'ended', startTime: at(-72), endTime: at(-48), currentPriceCents: 2_600 },
    });
    const offer = async () => jsonLd((await page('/product/relisted-kettle-st12uv')).body)[0]!.offers;
    expect(await offer()).toMatchObject({ price: '26.00', availability: 'https://schema.org/SoldOut' });
    const relist = (status: 'live' | 'cancelled', start: number, priceCents: number) =>
      t.db.insert(auctions).values({
        productId: product.id,
        locationId,
        status,
        startTime: at(start),
        endTime: at(start + 24),
        originalEndTime: at(start + 24),
        startingBidCents: priceCents,
        currentPriceCents: priceCents,
      });
    await relist('live', -1, 1_500);
    expect(await offer()).toMatchObject({ price: '15.00', availability: 'https://schema.org/InStock' });
    await relist('cancelled', 0, 9_900);
    expect(await offer()).toMatchObject({ price: '15.00', availability: 'https://schema.org/InStock' });
  });

  it('cannot be broken out of: a title with </script>, <!-- and line separators stays data', async () => {
    const title = 'Bad </script><script>alert(1)</script> <!-- x --> \u2028\u2029 & "q"';
    await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title, slug: 'bad-script-title-st12uv', description: '</SCRIPT >still data' },
    });
    const res = await page('/product/bad-script-title-st12uv');
    const html = head(res.body);
    // Just one more script element than a page without JSON-LD, opened and closed once.
    const plain = head((await page('/shop')).body);
    const count = (text: string, re: RegExp) => (text.match(re) ?? []).length;
    expect(count(html, /<script/gi)).toBe(count(plain, /<script/gi) + 1);
    expect(count(html, /<\/script/gi)).toBe(count(plain, /<\/script/gi) + 1);
    expect(html).not.toMatch(/<\/script><script>alert/i);
    expect(html).not.toContain('<!--');
    // Inside the data block: no markup character and no raw line separator at all.
    const raw = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(raw).not.toMatch(/[<>&\u2028\u2029]/);
    const [data] = jsonLd(res.body);
    expect(data!.name).toBe(title);
    expect(data!.description).toBe('</SCRIPT >still data');
  });
});

describe('pages without their own tags', () => {
  it('serves the plain index.html with a 404 status for an unknown or unpublished product', async () => {
    await makeProduct(t.db, { title: 'Draft Chair', slug: 'draft-chair-uv12wx', status: 'draft' });
    for (const slug of ['no-such-product', 'draft-chair-uv12wx', '%3Cscript%3E', 'x'.repeat(150)]) {
      const res = await page(`/product/${slug}`);
      expect(res.statusCode, slug).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<title>Rebound</title>');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('Draft Chair');
    }
  });

  it('gives every other page the site-wide description and preview tags', async () => {
    const res = await page('/shop?category=electronics');
    expect(res.statusCode).toBe(200);
    const html = head(res.body);
    expect(html).toContain('<title>Rebound</title>');
    expect(metaContent(html, 'description')).toMatch(/auctions/i);
    expect(metaContent(html, 'og:type')).toBe('website');
    expect(metaContent(html, 'og:site_name')).toBe('Rebound');
    expect(metaContent(html, 'og:title')).toMatch(/Rebound/);
    expect(metaContent(html, 'og:description')).toBe(metaContent(html, 'description'));
    expect(metaContent(html, 'twitter:card')).toBe('summary');
  });

  it('still answers unknown API paths with JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
  });
});

describe('the first API request starts from the HTML (decision 037)', () => {
  const preloads = (html: string) =>
    [...head(html).matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]*)" \/>/g)].map(
      (m) => m[1],
    );

  it("preloads a product page's own API answer, under the address the web app asks for", async () => {
    await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Stand Mixer', slug: 'stand-mixer-pq34rs' },
    });
    const res = await page('/product/stand-mixer-pq34rs');
    expect(res.statusCode).toBe(200);
    expect(preloads(res.body)).toEqual(['/api/products/stand-mixer-pq34rs']);
    // The preloaded address answers (the browser would otherwise fetch it again).
    const api = await t.app.inject({ method: 'GET', url: '/api/products/stand-mixer-pq34rs' });
    expect(api.statusCode).toBe(200);
  });

  it("preloads the home page's data and the shop's unfiltered first page, and nothing elsewhere", async () => {
    expect(preloads((await page('/')).body)).toEqual(['/api/home']);
    expect(preloads((await page('/shop')).body)).toEqual(['/api/shop?sort=newest&amp;page=1']);
    // A filtered shop asks for another address: no preload that would go unused.
    expect(preloads((await page('/shop?category=electronics')).body)).toEqual([]);
    expect(preloads((await page('/about')).body)).toEqual([]);
    expect(preloads((await page('/product/no-such-product')).body)).toEqual([]);
  });

  it("preloads the drops page's data", async () => {
    expect(preloads((await page('/drops')).body)).toEqual(['/api/drops']);
  });
});

describe("a storefront page's own scripts and main photo start with the HTML (decision 040)", () => {
  const modulePreloads = (html: string) =>
    [...head(html).matchAll(/<link rel="modulepreload" crossorigin href="([^"]*)" \/>/g)].map((m) => m[1]);
  const imagePreloads = (html: string) =>
    [...head(html).matchAll(/<link rel="preload" as="image"[^>]*>/g)].map((m) => m[0]);

  it("names each page's scripts from the build's list, on that page only", async () => {
    await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Rice Cooker', slug: 'rice-cooker-kl56mn' },
    });
    expect(modulePreloads((await page('/')).body)).toEqual(PAGE_SCRIPTS.home);
    expect(modulePreloads((await page('/shop')).body)).toEqual(PAGE_SCRIPTS.shop);
    // A filtered shop has no data preload, but the same scripts.
    expect(modulePreloads((await page('/shop?category=electronics')).body)).toEqual(PAGE_SCRIPTS.shop);
    expect(modulePreloads((await page('/drops')).body)).toEqual(PAGE_SCRIPTS.drops);
    expect(modulePreloads((await page('/product/rice-cooker-kl56mn')).body)).toEqual(PAGE_SCRIPTS.product);
    // Elsewhere (and an unknown product, which shows the not-found page): none.
    expect(modulePreloads((await page('/about')).body)).toEqual([]);
    expect(modulePreloads((await page('/product/no-such-product')).body)).toEqual([]);
    // The list itself is not published: the address is an ordinary (client-side) page.
    const list = await t.app.inject({ method: 'GET', url: `/${PAGE_SCRIPTS_FILE}` });
    expect(list.body).not.toContain('page-home-Aa11');
  });

  it("preloads a seeded picture's one address at high priority, as the gallery's <img> asks for it", async () => {
    const { product } = await makeAuction(t.db, {
      now: NOW,
      locationId,
      product: { title: 'Toaster Oven', slug: 'toaster-oven-op78qr' },
    });
    const [image] = await t.db.select().from(productImages).where(eq(productImages.productId, product.id));
    const html = (await page('/product/toaster-oven-op78qr')).body;
    expect(imagePreloads(html)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(image!.url)}" />`,
    ]);
  });

  it("preloads an uploaded photo's AVIF copies with the gallery's sizes, so the browser picks the same one", async () => {
    const product = await makeProduct(t.db, { title: 'Air Fryer', slug: 'air-fryer-st90uv' });
    // Stored in no particular order: the srcset lists them by width, as ProductPicture does.
    const base = await uploadedPhoto(product.id, ['jpeg', 'webp', 'avif'], [1200, 320, 640]);
    const html = (await page('/product/air-fryer-st90uv')).body;
    expect(imagePreloads(html)).toEqual([
      `<link rel="preload" as="image" fetchpriority="high" type="image/avif" imagesrcset="${base}/320.avif 320w, ${base}/640.avif 640w, ${base}/1200.avif 1200w" imagesizes="${PRODUCT_GALLERY_SIZES}" />`,
    ]);
  });

  it('preloads no photo for a product without one', async () => {
    const product = await makeProduct(t.db, { title: 'Bare Lamp', slug: 'bare-lamp-wx12yz' });
    await t.db.delete(productImages).where(eq(productImages.productId, product.id));
    expect(imagePreloads((await page('/product/bare-lamp-wx12yz')).body)).toEqual([]);
  });
});

describe('head helpers', () => {
  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('summarizes to one line, cutting at a word', () => {
    expect(summarize('  short\n text  ')).toBe('short text');
    const long = 'word '.repeat(60);
    const cut = summarize(long);
    expect(cut.length).toBeLessThanOrEqual(160);
    expect(cut).toMatch(/word…$/);
    expect(summarize('x'.repeat(400))).toHaveLength(160);
  });

  it('makes absolute URLs on the public site', () => {
    expect(absoluteUrl('/media/a.svg', 'https://shop.example')).toBe('https://shop.example/media/a.svg');
    expect(absoluteUrl('/media/a.svg', 'https://shop.example/')).toBe('https://shop.example/media/a.svg');
    expect(absoluteUrl('https://cdn.example/a.png', 'https://shop.example')).toBe(
      'https://cdn.example/a.png',
    );
  });
});

describe("the web app's files", () => {
  const get = (url: string, encoding?: string) =>
    t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

  it('sends a bundle compressed with brotli or gzip when accepted, cached for a year', async () => {
    const br = await get('/assets/app-Ab12Cd34.js', 'br, gzip');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BUNDLE);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);

    const gz = await get('/assets/app-Ab12Cd34.js', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');

    const plain = await get('/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(BUNDLE);
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a missing bundle with a 404, not with the page', async () => {
    const res = await get('/assets/app-Gone0000.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('serves root files without the long cache, and compresses API answers when accepted', async () => {
    const icon = await get('/favicon.svg');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).not.toMatch(/immutable/);

    for (let i = 0; i < 12; i++) await makeAuction(t.db, { now: NOW, locationId });
    const shop = await get('/api/shop', 'br');
    expect(shop.statusCode).toBe(200);
    expect(shop.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(shop.rawPayload).toString()).items.length).toBeGreaterThan(0);
    const plain = await get('/api/shop');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json().items.length).toBeGreaterThan(0);
  });
});

describe('production keeps development helpers and source maps private', () => {
  const PRODUCTION = {
    NODE_ENV: 'production',
    TEST_CLOCK: 'false',
    AUTH_SECRET: 'p'.repeat(40),
    SELLER_GST_NUMBER: '123456789 RT0001',
    SELLER_PST_NUMBER: 'PST-1234-5678',
    PUBLIC_URL,
  };
  const built: TestApp['app'][] = [];
  /** An app on the same database and WEB_DIST, built now (static files are listed when it is built). */
  async function appWith(env: Record<string, string>) {
    const { app } = await createTestApp({
      database: t.database,
      now: NOW,
      env: { WEB_DIST: webDist, ...env },
    });
    built.push(app);
    return app;
  }
  afterAll(async () => {
    for (const app of built) await app.close();
  });

  it('serves source maps outside production only', async () => {
    await writeFile(
      path.join(webDist, 'assets', 'app-Ab12Cd34.js.map'),
      '{"version":3,"sources":["src/app.ts"]}',
    );
    await writeFile(path.join(webDist, 'sw.js.map'), '{"version":3,"sources":["src/sw.ts"]}');
    const dev = await appWith({ PUBLIC_URL });
    expect((await dev.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js.map' })).statusCode).toBe(200);

    const prod = await appWith(PRODUCTION);
    for (const url of [
      '/assets/app-Ab12Cd34.js.map',
      '/assets/app-Ab12Cd34.js.map?v=1',
      '/assets/app-Ab12Cd34.js.m%61p',
      '/assets/app-Ab12Cd34.js.MAP',
      '/sw.js.map',
    ]) {
      const res = await prod.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).not.toContain('sources');
      expect(res.body, url).not.toContain('<html');
    }
    // The bundle itself is still served.
    expect((await prod.inject({ method: 'GET', url: '/assets/app-Ab12Cd34.js' })).statusCode).toBe(200);
  });

  it('serves the /dev/mailbox page only to this machine, and never in production', async () => {
    const local = await page('/dev/mailbox');
    expect(local.statusCode).toBe(200);
    expect(local.headers['content-type']).toMatch(/^text\/html/);

    for (const url of ['/dev/mailbox', '/DEV/Mailbox', '//dev/mailbox', '/dev/mailbox?x=1']) {
      const outsider = await t.app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html' },
        remoteAddress: '10.0.0.5',
      });
      expect(outsider.statusCode, url).toBe(404);
      expect(outsider.body, url).not.toContain('<html');
    }

    const prod = await appWith(PRODUCTION);
    const res = await prod.inject({ method: 'GET', url: '/dev/mailbox', remoteAddress: '127.0.0.1' });
    expect(res.statusCode).toBe(404);
    // Other client routes still get the page in production.
    expect((await prod.inject({ method: 'GET', url: '/account' })).statusCode).toBe(200);
  });
});
