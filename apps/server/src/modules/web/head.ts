import { offerAvailability, SCHEMA_ORG_CONDITION, schemaOrgPrice } from '@rebound/core/seo';
import { escapeHtml } from '../../lib/html';

import { PREVIEW_SIZE, previewPathForSvg } from '../admin-catalogue';
import type { ProductPreview } from '../catalog';

/** The site's name in titles and previews; the web app's BRAND (apps/web/src/lib/site.ts). */
export const SITE_NAME = 'Rebound';
/** Search engines show about this many characters of a description. */
export const DESCRIPTION_MAX = 160;

/** One line of at most `max` characters, cut at a word where it can be, ending with '…' when cut. */
export function summarize(text: string, max = DESCRIPTION_MAX): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const room = flat.slice(0, max - 1);
  const lastSpace = room.lastIndexOf(' ');
  const cut = lastSpace >= max * 0.6 ? room.slice(0, lastSpace) : room;
  return `${cut.replace(/[\s.,;:!?\-–—]+$/u, '')}…`;
}

/** `path` (e.g. '/media/x.svg') as an absolute address on the public site; absolute URLs stay. */
export function absoluteUrl(pathOrUrl: string, publicUrl: string): string {
  return new URL(pathOrUrl, publicUrl.endsWith('/') ? publicUrl : `${publicUrl}/`).toString();
}

/**
 * The picture a link preview shows: always a raster image, since many preview services show no SVG.
 * An uploaded photo's largest JPEG copy (at most 1200 wide); a seeded SVG picture's JPEG preview
 * (rasterised once on first request, admin-catalogue/preview-routes.ts); anything else as it is.
 */
export function previewImage(image: NonNullable<ProductPreview['image']>): {
  url: string;
  type: string | null;
  width: number | null;
  height: number | null;
} {
  const jpegs = image.variants.filter((v) => v.format === 'jpeg').sort((a, b) => b.width - a.width);
  const best = jpegs.find((v) => v.width <= 1200) ?? jpegs[jpegs.length - 1];
  if (best) {
    const height = image.width && image.height ? Math.round((image.height * best.width) / image.width) : null;
    return { url: best.url, type: 'image/jpeg', width: best.width, height };
  }
  const svgPreview = previewPathForSvg(image.url);
  if (svgPreview) return { url: svgPreview, type: 'image/jpeg', width: PREVIEW_SIZE, height: PREVIEW_SIZE };
  return { url: image.url, type: null, width: image.width, height: image.height };
}

/**
 * JSON for inside a <script> element: nothing in it can end the element or open a comment
 * (`</script>`, `<!--`), and the line separators U+2028/U+2029 are escaped too. Every `<`, `>` and
 * `&` becomes its \u escape, which JSON parsers read back as the same character.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * schema.org Product with its Offer (docs/decisions/031-findability.md): the lot as the server saw it
 * when the page was sent. The price is the current price then; the page itself follows the bidding.
 */
export function productJsonLd(
  product: ProductPreview,
  publicUrl: string,
  now: Date,
): Record<string, unknown> {
  const pageUrl = absoluteUrl(`/product/${encodeURIComponent(product.slug)}`, publicUrl);
  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.title,
    description: product.description.trim() || productFallbackDescription(product),
    url: pageUrl,
    sku: product.sku,
    itemCondition: SCHEMA_ORG_CONDITION[product.condition],
  };
  if (product.image) data.image = [absoluteUrl(previewImage(product.image).url, publicUrl)];
  if (product.brand.trim()) data.brand = { '@type': 'Brand', name: product.brand.trim() };
  const auction = product.auction;
  if (auction) {
    data.offers = {
      '@type': 'Offer',
      url: pageUrl,
      price: schemaOrgPrice(auction.currentPriceCents),
      priceCurrency: 'CAD',
      availability: offerAvailability(auction, now),
      availabilityStarts: auction.startTime.toISOString(),
      availabilityEnds: auction.endTime.toISOString(),
      // schema.org's priceValidUntil is a date: the day bidding ends (UTC).
      priceValidUntil: auction.endTime.toISOString().slice(0, 10),
      itemCondition: SCHEMA_ORG_CONDITION[product.condition],
      seller: { '@type': 'Organization', name: SITE_NAME, url: absoluteUrl('/', publicUrl) },
    };
  }
  return data;
}

function productFallbackDescription(product: ProductPreview): string {
  return `${product.brand ? `${product.brand} ` : ''}${product.title}: inspected and graded, up for auction on ${SITE_NAME}.`;
}

/**
 * The <head> tags of a product page: title, description, canonical link, Open Graph, Twitter, and the
 * schema.org JSON-LD (data, never run: the CSP's script-src does not apply to it).
 */
export function productHeadTags(product: ProductPreview, publicUrl: string, now: Date): string {
  const pageUrl = absoluteUrl(`/product/${encodeURIComponent(product.slug)}`, publicUrl);
  const title = `${product.title} | ${SITE_NAME}`;
  const description = summarize(product.description || productFallbackDescription(product));
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(pageUrl)}" />`,
    meta('property', 'og:type', 'product'),
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:locale', 'en_CA'),
    meta('property', 'og:title', product.title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', pageUrl),
  ];
  const preview = product.image ? previewImage(product.image) : null;
  if (product.image && preview) {
    tags.push(meta('property', 'og:image', absoluteUrl(preview.url, publicUrl)));
    if (preview.type) tags.push(meta('property', 'og:image:type', preview.type));
    if (preview.width && preview.height) {
      tags.push(meta('property', 'og:image:width', String(preview.width)));
      tags.push(meta('property', 'og:image:height', String(preview.height)));
    }
    tags.push(meta('property', 'og:image:alt', product.image.alt));
  }
  tags.push(
    meta('name', 'twitter:card', product.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
  );
  if (product.image && preview) {
    tags.push(meta('name', 'twitter:image', absoluteUrl(preview.url, publicUrl)));
    tags.push(meta('name', 'twitter:image:alt', product.image.alt));
  }
  tags.push(
    `<script type="application/ld+json">${jsonForScript(productJsonLd(product, publicUrl, now))}</script>`,
  );
  return tags.join('\n    ');
}

// The site-wide defaults in index.html that a page with its own tags replaces.
const PAGE_TAGS = [
  /<title>[\s\S]*?<\/title>\s*/gi,
  /<meta\s+name="description"[^>]*>\s*/gi,
  /<meta\s+property="og:[^"]*"[^>]*>\s*/gi,
  /<meta\s+name="twitter:[^"]*"[^>]*>\s*/gi,
  /<link\s+rel="canonical"[^>]*>\s*/gi,
];

export interface SpaTemplate {
  /** index.html as built, with the site-wide title, description and preview tags. */
  readonly html: string;
  /** index.html with the page's own head tags in place of the site-wide ones. */
  withHead(tags: string): string;
  /** index.html as built with `tags` added at the end of its head (the site-wide tags stay). */
  withExtraHead(tags: string): string;
}

/**
 * Starts the page's first API request from the HTML, in parallel with the scripts (decision 037).
 * The web app's own first fetch must ask for exactly this address, with fetch()'s defaults (CORS
 * mode, same-origin credentials: `crossorigin` without a value), for the browser to use the answer.
 */
export function apiPreloadTag(apiPath: string): string {
  return `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(apiPath)}" />`;
}

/**
 * Fetches a page's own scripts with the page, not after the main script has run and asked for them
 * (decision 040): the browser downloads them in parallel and runs them when the app imports them.
 * `crossorigin` as Vite writes its own modulepreload links (module scripts are fetched in CORS mode).
 */
export function modulePreloadTags(scripts: readonly string[]): string[] {
  return scripts.map((src) => `<link rel="modulepreload" crossorigin href="${escapeHtml(src)}" />`);
}

/**
 * The product gallery's main picture's `sizes` (apps/web/src/features/catalog/components/
 * ProductGallery.tsx): the preload below must pick the same candidate the page's <img> picks, or the
 * browser downloads two.
 */
export const PRODUCT_GALLERY_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw';

/**
 * Starts the download of a product's main photo (the page's largest element, so its LCP) with the HTML,
 * at high priority, instead of when the page's script has rendered the gallery (decision 040). Asks for
 * what the gallery's <picture> (ProductPicture.tsx) would: an uploaded photo's AVIF copies (or WebP, or
 * JPEG) with their widths and the same `sizes`; a seeded picture's one address. Browsers that cannot
 * show the type skip the preload.
 */
export function productImagePreloadTag(image: NonNullable<ProductPreview['image']>): string {
  const common = 'rel="preload" as="image" fetchpriority="high"';
  const srcset = (format: 'avif' | 'webp' | 'jpeg') =>
    image.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${v.url} ${v.width}w`)
      .join(', ');
  const jpeg = srcset('jpeg');
  // As ProductPicture: without JPEG copies, a plain <img> of the one address.
  if (!jpeg) return `<link ${common} href="${escapeHtml(image.url)}" />`;
  const sizes = `imagesizes="${escapeHtml(PRODUCT_GALLERY_SIZES)}"`;
  // AVIF, else WebP (<source>s with their type), else the <img>'s JPEG set.
  for (const format of ['avif', 'webp'] as const) {
    const set = srcset(format);
    if (set) return `<link ${common} type="image/${format}" imagesrcset="${escapeHtml(set)}" ${sizes} />`;
  }
  return `<link ${common} imagesrcset="${escapeHtml(jpeg)}" ${sizes} />`;
}

/** Prepares index.html once at start: every request then costs one string concatenation. */
export function spaTemplate(indexHtml: string): SpaTemplate {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0) return { html: indexHtml, withHead: () => indexHtml, withExtraHead: () => indexHtml };
  const fullHead = indexHtml.slice(0, headEnd).replace(/\s*$/, '');
  let head = fullHead;
  for (const tag of PAGE_TAGS) head = head.replace(tag, '');
  const rest = indexHtml.slice(headEnd);
  return {
    html: indexHtml,
    withHead: (tags) => `${head.replace(/\s*$/, '')}\n    ${tags}\n  ${rest}`,
    withExtraHead: (tags) => `${fullHead}\n    ${tags}\n  ${rest}`,
  };
}
