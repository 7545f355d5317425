import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';

// The door rule (docs/architecture.md): a module is entered only through modules/<name>/index.ts.
// biome.json's noRestrictedImports overrides enforce it; planted files in a scratch copy of the
// configuration show which imports it refuses and which it lets through.
const PLANTED: Record<string, { source: string; refused: boolean }> = {
  'apps/server/src/modules/web/deep.ts': { source: "import { a } from '../catalog/service';", refused: true },
  'apps/server/src/modules/web/repo.ts': {
    source: "import { a } from '../catalog/repository';",
    refused: true,
  },
  'apps/server/src/modules/web/reexport.ts': {
    source: "export { a } from '../catalog/routes';",
    refused: true,
  },
  'apps/server/src/modules/web/door.ts': { source: "import { a } from '../catalog';", refused: false },
  'apps/server/src/modules/web/own.ts': { source: "import { a } from './head';", refused: false },
  'apps/server/src/modules/web/shared.ts': {
    source: "import { a } from '../../lib/errors';",
    refused: false,
  },
  'apps/server/src/modules/notifications/templates/deep.ts': {
    source: "import { a } from '../../catalog/service';",
    refused: true,
  },
  'apps/server/src/modules/notifications/templates/door.ts': {
    source: "import { a } from '../../catalog';",
    refused: false,
  },
  'apps/server/src/modules/notifications/templates/own.ts': {
    source: "import { a } from '../render';",
    refused: false,
  },
  'apps/server/src/deep.ts': { source: "import { a } from './modules/orders/routes';", refused: true },
  'apps/server/src/door.ts': { source: "import { a } from './modules/orders';", refused: false },
  'apps/server/src/jobs/deep.ts': {
    source: "import { a } from '../modules/orders/deadline';",
    refused: true,
  },
  'apps/server/src/jobs/door.ts': { source: "import { a } from '../modules/orders';", refused: false },
};

describe('the module door lint rule', () => {
  const work = mkdtempSync(path.join(tmpdir(), 'rebound-lint-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('refuses a cross-module import other than the entry, and lets the entry through', () => {
    copyFileSync(path.join(REPO_ROOT, 'biome.json'), path.join(work, 'biome.json'));
    for (const [file, { source }] of Object.entries(PLANTED)) {
      mkdirSync(path.dirname(path.join(work, file)), { recursive: true });
      writeFileSync(path.join(work, file), `${source}\nexport const b = a;\n`);
    }
    const run = spawnSync(
      path.join(REPO_ROOT, 'node_modules/.bin/biome'),
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...Object.keys(PLANTED)],
      { cwd: work, encoding: 'utf8', timeout: 20_000 },
    );
    const report = JSON.parse(run.stdout) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    const refused = new Set(
      report.diagnostics
        .filter((d) => d.category === 'lint/style/noRestrictedImports')
        .map((d) => d.location.path),
    );
    for (const [file, { refused: expected }] of Object.entries(PLANTED)) {
      expect(refused.has(file), file).toBe(expected);
    }
  });
});
