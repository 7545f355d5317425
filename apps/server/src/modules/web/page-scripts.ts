import { readFile } from 'node:fs/promises';
import path from 'node:path';

/** The storefront pages whose scripts the web build lists (apps/web/vite.config.ts, STOREFRONT.pages). */
export type StorefrontPage = 'home' | 'shop' | 'drops' | 'product';

/** Per page, the addresses of the scripts it needs beyond the main entry's; empty when unknown. */
export type PageScripts = Partial<Record<StorefrontPage, readonly string[]>>;

/** Where the web build writes the list (apps/web/vite/page-chunks.ts, pageScriptsManifest). */
export const PAGE_SCRIPTS_FILE = '.vite/page-chunks.json';

/**
 * Reads the web build's list of each storefront page's scripts (decision 040). A build without it
 * (an older one, a test's) or with anything unexpected in it gives none: the pages then load their
 * scripts as before, after the main one, and nothing else changes.
 */
export async function readPageScripts(webDist: string): Promise<PageScripts> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path.join(webDist, PAGE_SCRIPTS_FILE), 'utf8'));
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const scripts: PageScripts = {};
  for (const page of ['home', 'shop', 'drops', 'product'] as const) {
    const files = (parsed as Record<string, unknown>)[page];
    if (!Array.isArray(files)) continue;
    // Only the build's own hashed bundles: nothing else may end up in a page's <head>.
    const ok = files.filter((f): f is string => typeof f === 'string' && /^\/assets\/[\w.-]+\.js$/.test(f));
    if (ok.length === files.length) scripts[page] = ok;
  }
  return scripts;
}
