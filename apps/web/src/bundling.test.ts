// The build's own plugins (apps/web/vite/, decision 040): pure parts, tested without a build. What
// the build makes of them is checked by e2e/tests/budget.spec.ts (scripts per page and their size).
import { describe, expect, it } from 'vitest';
import { lucideIconFiles, rewriteLucideImports } from '../vite/lucide-direct-imports';
import { assignPageChunks, SMALL_SHARED_CHUNK } from '../vite/page-chunks';
import { markPure } from '../vite/react-router-pure';

describe('lucide icons imported from their own modules', () => {
  const index = [
    "import * as index from './icons/index.js';",
    "export { default as Heart, default as HeartIcon, default as LucideHeart } from './icons/heart.js';",
    "export { default as CircleX, default as XCircle } from './icons/circle-x.js';",
    "export { default as createLucideIcon } from './createLucideIcon.js';",
  ].join('\n');
  const files = lucideIconFiles(index, '/nm/lucide/icons');

  it('knows every name and alias of an icon, and nothing else', () => {
    expect(files.get('Heart')).toBe('/nm/lucide/icons/heart.js');
    expect(files.get('LucideHeart')).toBe('/nm/lucide/icons/heart.js');
    expect(files.get('XCircle')).toBe('/nm/lucide/icons/circle-x.js');
    expect(files.has('createLucideIcon')).toBe(false);
  });

  it('rewrites named imports, keeping renames, types, unknown names and the line count', () => {
    const code = [
      'import {',
      '  Heart as Love,',
      '  type LucideIcon,',
      '  XCircle,',
      '  createLucideIcon,',
      "} from 'lucide-react';",
      'const x = 1;',
    ].join('\n');
    const out = rewriteLucideImports(code, files);
    expect(out.split('\n')).toHaveLength(code.split('\n').length);
    expect(out).toContain('import Love from "/nm/lucide/icons/heart.js";');
    expect(out).toContain('import XCircle from "/nm/lucide/icons/circle-x.js";');
    expect(out).toContain("import type { LucideIcon } from 'lucide-react';");
    expect(out).toContain("import { createLucideIcon } from 'lucide-react';");
    expect(out.split('\n').at(-1)).toBe('const x = 1;');
  });

  it('leaves type-only imports and other packages alone', () => {
    const code = "import type { LucideIcon } from 'lucide-react';\nimport { Heart } from 'other';";
    expect(rewriteLucideImports(code, files)).toBe(code);
  });
});

describe('one chunk per storefront page', () => {
  // main -> app -> {react, layout}; the pages import what they share and their own modules.
  const graph: Record<string, string[]> = {
    main: ['app'],
    app: ['react', 'layout'],
    layout: ['react'],
    launch: ['paths'],
    react: [],
    paths: [],
    home: ['react', 'card', 'hero', 'tiny'],
    shop: ['react', 'card', 'filters', 'price'],
    product: ['react', 'gallery', 'price', 'paths', 'tiny'],
    card: ['price', 'react'],
    hero: [],
    filters: [],
    gallery: ['big'],
    price: [],
    tiny: [],
    big: [],
  };
  const sizes: Record<string, number> = { card: SMALL_SHARED_CHUNK, tiny: 10, price: 10 };
  const chunkOf = assignPageChunks(
    {
      main: 'main',
      otherEntries: ['launch'],
      pages: { home: 'home', shop: 'shop', product: 'product' },
    },
    (id) => graph[id] ?? [],
    (id) => sizes[id] ?? 0,
  );

  it("puts the entry's modules in main, and what the other entry shares with it in entries", () => {
    expect(chunkOf.get('main')).toBe('main');
    expect(chunkOf.get('react')).toBe('main');
    expect(chunkOf.get('layout')).toBe('main');
    expect(chunkOf.has('launch')).toBe(false);
  });

  it("gives each page's own modules its chunk, and modules several pages use a chunk per set of pages", () => {
    expect(chunkOf.get('home')).toBe('page-home');
    expect(chunkOf.get('hero')).toBe('page-home');
    expect(chunkOf.get('gallery')).toBe('page-product');
    expect(chunkOf.get('big')).toBe('page-product');
    expect(chunkOf.get('card')).toBe('pages-home-shop');
    // Used by every page: the shared chunk.
    expect(chunkOf.get('price')).toBe('pages-shared');
  });

  it('merges a small set chunk into the shared one instead of a file of its own', () => {
    // home + product: a few bytes, not worth a request.
    expect(chunkOf.get('tiny')).toBe('pages-shared');
  });

  it("leaves a module that only an entry's other chunks use to Rollup", () => {
    expect(chunkOf.get('paths')).toBe('page-product');
    const withLaunchShare = assignPageChunks({ main: 'main', otherEntries: ['launch'], pages: {} }, (id) =>
      id === 'app' ? ['react', 'paths'] : (graph[id] ?? []),
    );
    expect(withLaunchShare.get('paths')).toBe('entries');
    expect(withLaunchShare.has('launch')).toBe(false);
  });
});

describe("react-router's unused components can be tree-shaken", () => {
  it('marks its top-level React calls pure and drops display names', () => {
    const code = [
      'var Link = React10.forwardRef(',
      '  function Link() {}',
      ');',
      'Link.displayName = "Link";',
      'var Ctx = React.createContext(null);',
      'Ctx.displayName = "Route";',
      'function f() { var inner = React.forwardRef(g); }',
    ].join('\n');
    const out = markPure(code).split('\n');
    expect(out).toEqual([
      'var Link = /* @__PURE__ */ React10.forwardRef(',
      '  function Link() {}',
      ');',
      '',
      'var Ctx = /* @__PURE__ */ React.createContext(null);',
      '',
      'function f() { var inner = React.forwardRef(g); }',
    ]);
  });
});
