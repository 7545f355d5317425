import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const LUCIDE_IMPORT = /import\s*\{([^}]*)\}\s*from\s*['"]lucide-react['"];?/g;
const ICON_EXPORT = /export \{([^}]+)\} from '\.\/icons\/([\w-]+)\.js';/g;

/** lucide-react's exported icon names, each with its module's absolute path (read from its ESM index). */
export function lucideIconFiles(indexSource: string, iconsDir: string): Map<string, string> {
  const files = new Map<string, string>();
  for (const [, names, file] of indexSource.matchAll(ICON_EXPORT)) {
    for (const name of names!.split(',')) {
      const alias = /default as (\w+)/.exec(name.trim())?.[1];
      if (alias) files.set(alias, path.join(iconsDir, `${file}.js`));
    }
  }
  return files;
}

/**
 * `import { Heart, X as Close } from 'lucide-react'` becomes one default import per icon module.
 * Anything it does not know as an icon (types, `createLucideIcon`) stays an import of 'lucide-react'.
 */
export function rewriteLucideImports(code: string, files: ReadonlyMap<string, string>): string {
  return code.replace(LUCIDE_IMPORT, (statement, list: string) => {
    const direct: string[] = [];
    const types: string[] = [];
    const rest: string[] = [];
    for (const raw of list.split(',')) {
      const spec = raw.trim();
      if (!spec) continue;
      if (spec.startsWith('type ')) {
        types.push(spec.slice(5).trim());
        continue;
      }
      const m = /^(\w+)(?:\s+as\s+(\w+))?$/.exec(spec);
      const file = m ? files.get(m[1]!) : undefined;
      if (m && file) direct.push(`import ${m[2] ?? m[1]} from ${JSON.stringify(file)};`);
      else rest.push(spec);
    }
    if (direct.length === 0) return statement;
    const imports = [
      ...direct,
      // Type-only names in a type-only import: nothing of lucide-react's index is left in the bundle's graph.
      ...(types.length ? [`import type { ${types.join(', ')} } from 'lucide-react';`] : []),
      ...(rest.length ? [`import { ${rest.join(', ')} } from 'lucide-react';`] : []),
    ];
    // As many lines as the statement had, so the code after it keeps its line numbers (source maps).
    return imports.join(' ') + '\n'.repeat(statement.split('\n').length - 1);
  });
}

/**
 * The app's lucide icons imported from their own modules rather than through lucide-react's index,
 * which imports all ~1,600 icons: Rollup then sees which chunk uses which icon (vite/page-chunks.ts
 * follows the static imports). Build only; the bundle's code is the same.
 */
export function lucideDirectImports(): Plugin {
  let files: Map<string, string> | null = null;
  return {
    name: 'rebound:lucide-direct-imports',
    apply: 'build',
    enforce: 'pre',
    transform(code, id) {
      if (
        !/\/src\/.*\.[jt]sx?$/.test(id) ||
        id.includes('/node_modules/') ||
        !code.includes('lucide-react')
      ) {
        return null;
      }
      if (!files) {
        const require = createRequire(import.meta.url);
        const index = require.resolve('lucide-react/dist/esm/lucide-react.js');
        files = lucideIconFiles(readFileSync(index, 'utf8'), path.join(path.dirname(index), 'icons'));
      }
      const out = rewriteLucideImports(code, files);
      // Only import lines change, each keeping its line count: the existing source map still holds.
      return out === code ? null : { code: out, map: null };
    },
  };
}
