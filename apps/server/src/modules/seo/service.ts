import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

// Findability (docs/decisions/031-findability.md): robots.txt and the sitemap.

/** The sitemap protocol's limit of URLs in one file; past it, /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;
/** Ended lots stay listed this long: their pages still answer searches for the item. */
export const RECENTLY_ENDED_DAYS = 30;
/** How long a generated sitemap is reused (here and by caches): crawlers read it rarely. */
export const SITEMAP_CACHE_SECONDS = 300;

/** The store's own pages a crawler should know (the web app's routes; policies included). */
export const STATIC_PAGES = [
  '/',
  '/shop',
  '/drops',
  '/about',
  '/faq',
  '/contact',
  '/privacy-policy',
  '/terms-of-service',
  '/refund-return-policy',
] as const;

/** The rules when the build has no robots.txt (the same as apps/web/public/robots.txt). */
export const DEFAULT_ROBOTS_RULES = 'User-agent: *\nDisallow: /admin\nDisallow: /api/\nDisallow: /dev/\n';

/**
 * While the store is locked every page path shows the launch landing page: crawlers may read the home
 * page (the landing page, so "Rebound opens soon" can be found) and nothing else, and no sitemap is
 * named (it is not served).
 */
export const LOCKED_ROBOTS = 'User-agent: *\nAllow: /$\nDisallow: /\n';

function siteUrl(pathname: string, publicUrl: string): string {
  return new URL(pathname, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/** robots.txt: the build's rules (without any Sitemap line of its own) and the absolute sitemap URL. */
export function robotsTxt(opts: { locked: boolean; rules: string; publicUrl: string }): string {
  if (opts.locked) return LOCKED_ROBOTS;
  const rules = opts.rules
    .split(/\r?\n/)
    .filter((line) => !/^\s*sitemap\s*:/i.test(line))
    .join('\n')
    .trim();
  return `${rules}\n\nSitemap: ${siteUrl('/sitemap.xml', opts.publicUrl)}\n`;
}

/** Text for XML content or a quoted attribute. */
export function xmlEscape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

interface Entry {
  loc: string;
  lastmod?: Date;
}

function urlset(entries: Entry[]): string {
  const urls = entries.map(
    (e) =>
      `<url><loc>${xmlEscape(e.loc)}</loc>${e.lastmod ? `<lastmod>${e.lastmod.toISOString()}</lastmod>` : ''}</url>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}

function sitemapIndex(locs: string[]): string {
  const items = locs.map((loc) => `<sitemap><loc>${xmlEscape(loc)}</loc></sitemap>`);
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join('\n')}\n</sitemapindex>\n`;
}

export interface SitemapOptions {
  now: Date;
  publicUrl: string;
  /** URLs per file (the protocol's 50,000; smaller in tests). */
  perFile?: number;
}

/** Where file `n` (from 1) of a split sitemap is served. */
export const sitemapFilePath = (n: number) => `/sitemaps/${n}.xml`;

/**
 * A part of the sitemap: 'root' is /sitemap.xml (every URL, or an index when there are more than
 * fit one file); a number is that file of a split sitemap. null: no such file.
 */
export async function sitemap(
  db: DbOrTx,
  part: 'root' | number,
  opts: SitemapOptions,
): Promise<string | null> {
  const perFile = opts.perFile ?? SITEMAP_MAX_URLS;
  const since = new Date(opts.now.getTime() - RECENTLY_ENDED_DAYS * 86_400_000);
  const statics: Entry[] = STATIC_PAGES.map((p) => ({ loc: siteUrl(p, opts.publicUrl) }));
  const lots = await repo.countSitemapLots(db, opts.now, since);
  const total = statics.length + lots;
  const files = Math.max(1, Math.ceil(total / perFile));
  if (part === 'root' && files > 1) {
    return sitemapIndex(
      Array.from({ length: files }, (_, i) => siteUrl(sitemapFilePath(i + 1), opts.publicUrl)),
    );
  }
  const n = part === 'root' ? 1 : part;
  if (!Number.isSafeInteger(n) || n < 1 || n > files || (part !== 'root' && files === 1)) return null;
  // The static pages come first, then the lots, latest end first.
  const start = (n - 1) * perFile;
  const end = start + perFile;
  const entries = statics.slice(start, end);
  const lotStart = Math.max(0, start - statics.length);
  const lotCount = end - statics.length - lotStart;
  if (lotCount > 0) {
    const rows = await repo.sitemapLots(db, opts.now, since, lotCount, lotStart);
    for (const row of rows) {
      entries.push({
        loc: siteUrl(`/product/${encodeURIComponent(row.slug)}`, opts.publicUrl),
        lastmod: row.lastmod,
      });
    }
  }
  return urlset(entries);
}
