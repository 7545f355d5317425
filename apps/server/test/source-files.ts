// The TypeScript source files under a folder (tests, declarations, node_modules and dist left out),
// sorted: what the code-reading tests (import loops, status writers) read.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export function sourceFiles(root: string): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (name === 'node_modules' || name === 'dist') continue;
      if (statSync(path).isDirectory()) walk(path);
      else if (/\.tsx?$/.test(name) && !/\.(test|spec)\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
        files.push(path);
    }
  };
  walk(root);
  return files.sort();
}
