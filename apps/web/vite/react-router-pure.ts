import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * react-router's ESM build leaves two things that keep unused components in the bundle: top-level
 * `React.forwardRef(...)` / `React.createContext(...)` / `React.memo(...)` calls without a
 * `@__PURE__` mark, and `X.displayName = "X"` statements after them. Rollup must assume both have
 * side effects, so `Form` (with useSubmit, useFormAction and the form-encoding helpers) and other
 * parts of the data router that this app never renders stay in the main bundle. This marks the calls
 * pure and drops the display names (a development-tools label only), so unused ones are tree-shaken.
 * And its package only exports its development build (warnings, checks and their messages kept): the
 * build takes the production one shipped beside it (0.4 KB gzip less on every page). Build only; a
 * component the app uses is unchanged.
 */
export function reactRouterPure(): Plugin {
  let production: string | null = null;
  return {
    name: 'rebound:react-router-pure',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      if (source !== 'react-router') return null;
      if (!production) {
        const require = createRequire(import.meta.url);
        const pkg = require.resolve('react-router/package.json');
        production = path.join(path.dirname(pkg), 'dist/production/index.mjs');
      }
      return production;
    },
    transform(code, id) {
      if (!/\/node_modules\/react-router\/dist\/.*\.mjs$/.test(id)) return null;
      const out = markPure(code);
      // Each change stays on its line: the module's source map still holds.
      return out === code ? null : { code: out, map: null };
    },
  };
}

/** The transformation itself (exported for its test). */
export function markPure(code: string): string {
  return code
    .replace(/^(var \w+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm, '$1/* @__PURE__ */ $2')
    .replace(/^\w+\.displayName = "[\w.]*";$/gm, '');
}
