// Import loops among a folder's TypeScript files: relative imports only (value and type imports
// alike: a type-only loop still ties the files together for a reader), tests left out. Read with
// the TypeScript compiler's own import scanner, so `import type`, `export … from` and re-exports
// count the way the compiler sees them. Used by import-loops.test.ts.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { sourceFiles } from './source-files';

function resolveImport(from: string, spec: string): string | null {
  const base = resolve(dirname(from), spec.replace(/\.js$/, ''));
  for (const c of [`${base}.ts`, `${base}.tsx`, join(base, 'index.ts'), join(base, 'index.tsx')]) {
    if (existsSync(c)) return c;
  }
  return null;
}

/** Every loop (a strongly connected group of more than one file, or a file importing itself), as paths relative to `root`. */
export function importLoops(root: string): string[][] {
  const files = sourceFiles(root);
  const edges = new Map<string, Set<string>>();
  for (const file of files) {
    const found = ts.preProcessFile(readFileSync(file, 'utf8'), true, false).importedFiles;
    const out = new Set<string>();
    for (const { fileName } of found) {
      if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
      const target = resolveImport(file, fileName);
      if (target) out.add(target);
    }
    edges.set(file, out);
  }
  // Tarjan's strongly connected components.
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const loops: string[][] = [];
  const strong = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const group: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1 || edges.get(v)?.has(v)) loops.push(group.map((p) => relative(root, p)).sort());
    }
  };
  for (const file of files) if (!index.has(file)) strong(file);
  return loops;
}
