import type { QueryClient } from '@tanstack/react-query';
import { productQuery } from '../features/catalog/api';
import { DropsPage, HomePage, ProductPage, ShopPage } from './pages';

/** The longest the first render waits for the page's code and data (a slow answer shows the skeleton). */
export const BOOT_WAIT_MS = 1_000;

/**
 * Before the first render (main.tsx): the storefront page's own code and, for a product page, its
 * data. The server's HTML has already asked for both (modulepreload and a fetch preload), so this
 * mostly waits for what is on its way. The first render then draws the page itself, once, instead of
 * a skeleton that the page replaces when its code and then its data arrive (three renders, the last
 * one a long task). Never fails: whatever is not there in time loads as before.
 */
export async function preparePage(queryClient: QueryClient, pathname: string): Promise<void> {
  const work: Promise<unknown>[] = [];
  const product = /^\/product\/([^/]+)\/?$/i.exec(pathname);
  if (pathname === '/') work.push(HomePage.preload());
  else if (/^\/shop\/?$/i.test(pathname)) work.push(ShopPage.preload());
  else if (/^\/drops\/?$/i.test(pathname)) work.push(DropsPage.preload());
  else if (product) {
    work.push(ProductPage.preload());
    const slug = decodedSlug(product[1]!);
    // The same query (key and fetch) the page uses: its first render finds the answer in the cache.
    if (slug) work.push(queryClient.prefetchQuery(productQuery(slug)));
  }
  if (work.length === 0) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    Promise.allSettled(work),
    new Promise((resolve) => {
      timer = setTimeout(resolve, BOOT_WAIT_MS);
    }),
  ]);
  clearTimeout(timer);
}

/** The slug as react-router's useParams gives it (percent-decoded); null when it cannot be decoded. */
function decodedSlug(raw: string): string | null {
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
}
