import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importLoops } from '../test/import-loops';

// No import loops in the server (docs/architecture.md): a loop makes a module's parts impossible to
// read or load on their own, and the order modules initialise in depends on who imported first.

describe('server imports', () => {
  it('have no loop', () => {
    expect(importLoops(import.meta.dirname)).toEqual([]);
  });
});

describe('the loop finder', () => {
  const dir = mkdtempSync(join(tmpdir(), 'import-loops-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const write = (path: string, text: string) => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };

  it('finds a loop through a type-only import and a re-export, and leaves tests out', () => {
    write('a/one.ts', "import type { Two } from '../b/two';\nexport const one = 1;\n");
    write('b/two.ts', "export { one } from './three';\nexport type Two = number;\n");
    write('b/three.ts', "export { one } from '../a/one';\n");
    write('b/free.ts', "import { one } from '../a/one';\nexport const free = one;\n");
    write('b/free.test.ts', "import { free } from './free';\nexport const again = free;\n");
    write('a/one.test.ts', "import { free } from '../b/free';\nexport const x = free;\n");
    expect(importLoops(dir)).toEqual([['a/one.ts', 'b/three.ts', 'b/two.ts']]);
  });
});
