import { lazyPage } from './lazy-page';

// The storefront's pages, each its own chunk (apps/web/vite.config.ts, STOREFRONT), which the
// server's HTML preloads (modulepreload) and app/boot.ts loads before the first render.
export const HomePage = lazyPage(() => import('./routes/HomeRoute'));
export const ShopPage = lazyPage(() => import('./routes/ShopRoute'));
export const DropsPage = lazyPage(() => import('./routes/DropsRoute'));
export const ProductPage = lazyPage(() => import('./product/ProductPageWithAuction'));
