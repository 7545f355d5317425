// Findability (docs/decisions/031-findability.md): robots.txt names the sitemap
// and follows the pre-launch lock; the sitemap lists the store's pages and its live and recently
// ended lots, nothing unpublished, scheduled or cancelled, as well-formed XML.
import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeAuction, makeLocation, makeProduct } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/harness';
import { REPO_ROOT } from '../../config';
import { LOCKED_ROBOTS, STATIC_PAGES, sitemap, xmlEscape } from './service';

const NOW = new Date('2026-06-15T18:00:00.000Z');
const PUBLIC_URL = 'https://rebound.example';
const DAY = 86_400_000;
const at = (ms: number) => new Date(NOW.getTime() + ms);

let t: TestApp;
let webDist: string;
let locationId: string;

beforeAll(async () => {
  webDist = await mkdtemp(path.join(tmpdir(), 'rebound-seo-web-'));
  await copyFile(path.join(REPO_ROOT, 'apps/web/index.html'), path.join(webDist, 'index.html'));
  // The build's robots.txt (from apps/web/public) gives the rules.
  await copyFile(path.join(REPO_ROOT, 'apps/web/public/robots.txt'), path.join(webDist, 'robots.txt'));
  t = await createTestApp({ now: NOW, env: { WEB_DIST: webDist, PUBLIC_URL } });
  locationId = (await makeLocation(t.db)).id;
});
afterAll(async () => {
  await t?.close();
  if (webDist) await rm(webDist, { recursive: true, force: true });
});

/**
 * Fails unless `xml` is well-formed for the subset a sitemap uses: one declaration, balanced
 * elements, and no bare `<` or `&` in text (every `&` starts an entity).
 */
function expectWellFormedXml(xml: string) {
  expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n')).toBe(true);
  const body = xml.slice(xml.indexOf('?>') + 2);
  const stack: string[] = [];
  let roots = 0;
  for (const m of body.matchAll(
    /<(\/?)([A-Za-z][\w:.-]*)((?:\s+[\w:.-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g,
  )) {
    const [, close, name, , selfClose, text, stray] = m;
    expect(stray, 'a bare < in the document').toBeUndefined();
    if (text !== undefined) {
      expect(text.replace(/&(#\d+|#x[0-9a-f]+|amp|lt|gt|quot|apos);/gi, ''), 'a bare & in text').not.toMatch(
        /&/,
      );
      if (stack.length === 0) expect(text.trim(), 'text outside the root element').toBe('');
      continue;
    }
    if (close) {
      expect(stack.pop(), `</${name}> closes the open element`).toBe(name);
    } else if (!selfClose) {
      if (stack.length === 0) roots++;
      stack.push(name!);
    }
  }
  expect(stack).toEqual([]);
  expect(roots).toBe(1);
}

/** The <loc> values, unescaped. */
const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) =>
    m[1]!.replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n))).replace(/&amp;/g, '&'),
  );
const productUrl = (slug: string) => `${PUBLIC_URL}/product/${encodeURIComponent(slug)}`;

describe('robots.txt', () => {
  it("answers with the build's rules and the sitemap's absolute address, as text", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const lines = res.body.trim().split('\n');
    expect(lines[0]).toBe('User-agent: *');
    expect(lines).toContain('Disallow: /admin');
    expect(lines).toContain('Disallow: /api/');
    expect(lines).toContain('Disallow: /dev/');
    expect(lines.filter((l) => /^sitemap:/i.test(l))).toEqual([`Sitemap: ${PUBLIC_URL}/sitemap.xml`]);
    // Nothing a crawler could read as blocking the store's pages.
    expect(lines).not.toContain('Disallow: /');
    for (const line of lines) expect(line).toMatch(/^$|^(User-agent|Disallow|Allow|Sitemap): \S+$/);
    expect((await t.app.inject({ method: 'HEAD', url: '/robots.txt' })).statusCode).toBe(200);
  });
});

describe('sitemap.xml', () => {
  it('lists the store pages and live and recently ended lots; nothing unpublished, scheduled, cancelled or long ended', async () => {
    const lot = (
      slug: string,
      auction: Parameters<typeof makeAuction>[1]['auction'],
      status?: 'draft' | 'sold',
    ) =>
      makeAuction(t.db, { now: NOW, locationId, product: { slug, ...(status ? { status } : {}) }, auction });
    await lot('live-lamp', {});
    await lot('closing-kettle', { startTime: at(-2 * 60 * 60_000), endTime: at(-60_000) });
    await lot('ended-drill', { status: 'ended', startTime: at(-6 * DAY), endTime: at(-5 * DAY) }, 'sold');
    await lot(
      'long-ended-fan',
      { status: 'ended', startTime: at(-41 * DAY), endTime: at(-40 * DAY) },
      'sold',
    );
    await lot('scheduled-chair', { status: 'scheduled', startTime: at(DAY), endTime: at(2 * DAY) });
    await lot('cancelled-desk', { status: 'cancelled', startTime: at(-DAY), endTime: at(DAY) });
    await lot('draft-sofa', {}, 'draft');
    await makeProduct(t.db, { slug: 'never-auctioned-rug' });
    // A slug with characters XML and URLs must escape (slugs made by the app never have them).
    await lot(`odd&<'slug"`, {});

    const res = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    expectWellFormedXml(res.body);
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');

    const listed = locs(res.body);
    for (const page of STATIC_PAGES) expect(listed).toContain(new URL(page, PUBLIC_URL).toString());
    for (const slug of ['live-lamp', 'closing-kettle', 'ended-drill', `odd&<'slug"`])
      expect(listed, slug).toContain(productUrl(slug));
    for (const slug of [
      'long-ended-fan',
      'scheduled-chair',
      'cancelled-desk',
      'draft-sofa',
      'never-auctioned-rug',
    ])
      expect(listed, slug).not.toContain(productUrl(slug));
    expect(new Set(listed).size).toBe(listed.length);
    expect(listed.every((u) => u.startsWith(`${PUBLIC_URL}/`))).toBe(true);

    // Every lot has its last change as lastmod; the static pages have none.
    const urls = [...res.body.matchAll(/<url>([\s\S]*?)<\/url>/g)].map((m) => m[1]!);
    for (const url of urls) {
      if (url.includes('/product/'))
        expect(url).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/);
      else expect(url).not.toContain('<lastmod>');
    }

    // Cached briefly: a lot listed a moment later shows on the next generation, not at once.
    await lot('just-listed-vase', {});
    const again = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(again.body).toBe(res.body);
    expect(locs((await sitemap(t.db, 'root', { now: NOW, publicUrl: PUBLIC_URL }))!)).toContain(
      productUrl('just-listed-vase'),
    );
    // One file: there are no split files.
    expect((await t.app.inject({ method: 'GET', url: '/sitemaps/1.xml' })).statusCode).toBe(404);
  });

  it('becomes an index of files when there are more URLs than fit one, every URL in exactly one file', async () => {
    const opts = { now: NOW, publicUrl: PUBLIC_URL };
    const whole = locs((await sitemap(t.db, 'root', opts))!);
    const perFile = 4;
    const index = (await sitemap(t.db, 'root', { ...opts, perFile }))!;
    expectWellFormedXml(index);
    expect(index).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    const files = locs(index);
    expect(files).toHaveLength(Math.ceil(whole.length / perFile));
    expect(files[0]).toBe(`${PUBLIC_URL}/sitemaps/1.xml`);
    const parts: string[] = [];
    for (let n = 1; n <= files.length; n++) {
      const xml = (await sitemap(t.db, n, { ...opts, perFile }))!;
      expectWellFormedXml(xml);
      const part = locs(xml);
      expect(part.length).toBeLessThanOrEqual(perFile);
      parts.push(...part);
    }
    expect(parts).toEqual(whole);
    expect(await sitemap(t.db, files.length + 1, { ...opts, perFile })).toBeNull();
    expect(await sitemap(t.db, 0, { ...opts, perFile })).toBeNull();
  });

  it('refuses odd file names', async () => {
    for (const url of ['/sitemaps/x.xml', '/sitemaps/0.xml', '/sitemaps/1', '/sitemaps/99999999.xml']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
  });

  it('escapes the five XML-significant characters', () => {
    expect(xmlEscape(`a&b<c>d"e'f`)).toBe('a&#38;b&#60;c&#62;d&#34;e&#39;f');
  });
});

describe('while the store is locked', () => {
  let locked: TestApp['app'];
  beforeAll(async () => {
    ({ app: locked } = await createTestApp({
      database: t.database,
      now: NOW,
      env: { WEB_DIST: webDist, PUBLIC_URL, SITE_LOCKED: 'true' },
    }));
  });
  afterAll(async () => {
    await locked?.close();
  });

  it('robots.txt lets crawlers read the landing page at / and nothing else, and names no sitemap', async () => {
    const res = await locked.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toBe(LOCKED_ROBOTS);
    expect(res.body).not.toMatch(/sitemap/i);
  });

  it('does not serve the sitemap', async () => {
    const res = await locked.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toContain('/product/');
    // A split file's path is a page path: the lock answers it with the landing page.
    const file = await locked.inject({ method: 'GET', url: '/sitemaps/1.xml' });
    expect(file.headers['content-type']).not.toMatch(/xml/);
    expect(file.body).not.toContain('/product/');
  });
});
