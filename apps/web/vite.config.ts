import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { compression } from 'vite-plugin-compression2';
import { lucideDirectImports } from './vite/lucide-direct-imports';
import { pageChunks, pageScriptsManifest } from './vite/page-chunks';
import { reactRouterPure } from './vite/react-router-pure';
import { storeRulesHtml } from './vite/store-rules-html';

// The API server (apps/server) listens on 3000; in development Vite serves the SPA on 5173 and forwards
// API calls, product images and the realtime socket to it, so the browser sees one origin.
// REBOUND_API_ORIGIN points the dev server at another API (e.g. a second server on another port).
const API_ORIGIN = process.env.REBOUND_API_ORIGIN ?? 'http://127.0.0.1:3000';

/**
 * Preloads Inter's Latin face from index.html, so the font arrives alongside the scripts and is there
 * when the first text is drawn, instead of swapping in later and reflowing the page.
 */
function preloadInter(): Plugin {
  return {
    name: 'rebound:preload-inter',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The launch landing page (launch.html) uses system fonts: nothing to preload.
        if (ctx.filename.endsWith('launch.html')) return [];
        const font = Object.keys(ctx.bundle ?? {}).find((f) =>
          /inter-latin-wght-normal-[\w-]+\.woff2$/.test(f),
        );
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}

const src = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/**
 * The shared code of what happens after the win (returns, storage fees, the desk's marks: their
 * shapes, rules and pickers), read only by the account page and the back-office: one chunk, not
 * seven. Every lazy chunk's name is listed once in the first bundle every page loads (Vite's preload
 * map), so fewer chunks keep the storefront pages inside their budget (e2e/tests/budget.spec.ts).
 */
const AFTER_SALE =
  /(packages\/contract\/src\/(returns|returns-routes|returns-errors|storage-fees|desk-marks)|packages\/core\/src\/(returns|notices-returns|storage-fee-charges|account-ledger)|apps\/web\/src\/components\/(PhotoPicker|SlotPicker))\.tsx?$/;

/** The entries, and the storefront pages whose code gets one chunk each (vite/page-chunks.ts). */
const STOREFRONT = {
  main: src('./index.html'),
  otherEntries: [src('./launch.html')],
  // The names are the server's (apps/server/src/modules/web/routes.ts): it preloads each page's scripts.
  pages: {
    home: src('./src/app/routes/HomeRoute.tsx'),
    shop: src('./src/app/routes/ShopRoute.tsx'),
    drops: src('./src/app/routes/DropsRoute.tsx'),
    product: src('./src/app/product/ProductPageWithAuction.tsx'),
  },
};

const storefrontChunks = pageChunks(STOREFRONT);

export default defineConfig({
  plugins: [
    lucideDirectImports(),
    reactRouterPure(),
    react(),
    tailwindcss(),
    preloadInter(),
    storeRulesHtml(),
    pageScriptsManifest(STOREFRONT),
    // Brotli and gzip copies of every text asset, made once at build time; the server sends the
    // smallest one the browser accepts (@fastify/static preCompressed).
    compression({
      algorithms: ['brotliCompress', 'gzip'],
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
    }),
  ],
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: API_ORIGIN, changeOrigin: false },
      '/media': { target: API_ORIGIN, changeOrigin: false },
      '/ws': { target: API_ORIGIN, ws: true, changeOrigin: false },
    },
  },
  preview: { host: '127.0.0.1', port: 4173 },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // Maps for debugging a build, not referenced from the bundles: production does not serve them, and a
    // reference to a missing map is a Lighthouse best-practices failure.
    sourcemap: 'hidden',
    rollupOptions: {
      // launch.html: the pre-launch landing and result pages, a separate tiny entry (src/launch).
      input: {
        main: STOREFRONT.main,
        launch: src('./launch.html'),
      },
      // One chunk per storefront page (plus one per set of them for what they share) instead of a
      // page's code split into ~20 small files: see vite/page-chunks.ts.
      output: {
        manualChunks: (id, meta) => (AFTER_SALE.test(id) ? 'after-sale' : storefrontChunks(id, meta)),
      },
    },
  },
});
