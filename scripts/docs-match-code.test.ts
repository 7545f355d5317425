// The docs that map the code stay true (docs/decisions/088-no-baselines-no-back-arrows.md): every
// server module, every interval job and every web feature has its line in docs/architecture.md;
// every server module is named in the README's repository layout; every decision record has its row
// in the decision index. The lists are read from the code when the test runs, so a module, job or
// feature added later fails here until its docs are written. Unit tier: files only, no database.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const dirsIn = (dir: string) =>
  readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();

/** The text of `doc` from the heading `## title` to the next `## ` heading. */
function section(doc: string, title: string): string {
  const start = doc.indexOf(`\n## ${title}`);
  if (start < 0) throw new Error(`docs/architecture.md has no "## ${title}" section`);
  const next = doc.indexOf('\n## ', start + 1);
  return doc.slice(start, next < 0 ? undefined : next);
}

/** The interval jobs' names: each job the runner registers is named 'area.what' (jobs/*.ts). */
function jobNames(): string[] {
  const dir = 'apps/server/src/jobs';
  const names = new Set<string>();
  for (const file of readdirSync(path.join(ROOT, dir))) {
    if (!file.endsWith('.ts') || file.endsWith('.test.ts')) continue;
    const text = read(`${dir}/${file}`);
    // `name: 'auctions.open'` in a job literal, or the name handed to a job helper such as
    // `paymentJob(app, 'refunds.resolve-reserved', ...)`.
    for (const m of text.matchAll(/name:\s*'([a-z][a-z-]*\.[a-z][a-z-]*)'/g)) names.add(m[1]!);
    for (const m of text.matchAll(/\w+Job\(\s*\w+,\s*'([a-z][a-z-]*\.[a-z][a-z-]*)'/g)) names.add(m[1]!);
  }
  return [...names].sort();
}

const architecture = read('docs/architecture.md');
const modules = dirsIn('apps/server/src/modules');
const features = dirsIn('apps/web/src/features');

describe('docs/architecture.md', () => {
  it('finds the code it checks (modules, jobs and features are read from the folders)', () => {
    expect(modules).toContain('catalog');
    expect(jobNames()).toContain('auctions.close');
    expect(features).toContain('shop');
  });

  it('has a row for every server module in its module table', () => {
    const table = section(architecture, 'Server modules');
    const missing = modules.filter((m) => !table.includes(`\n| \`${m}\``));
    expect(missing, 'modules with no row in "Server modules" (| `name` | owns | writes | calls |)').toEqual(
      [],
    );
  });

  it('names every interval job in the jobs table', () => {
    const table = section(architecture, 'Server modules');
    const missing = jobNames().filter((j) => !table.includes(`\`${j}\``));
    expect(missing, 'jobs missing from the `jobs/` table of "Server modules"').toEqual([]);
  });

  it('names every web feature in the features table', () => {
    const rows = section(architecture, 'Web features')
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|')[1] ?? '');
    const named = new Set(rows.flatMap((cell) => [...cell.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]!)));
    const missing = features.filter((f) => !named.has(f));
    expect(missing, 'features missing from the first column of "Web features"').toEqual([]);
  });
});

describe('README.md', () => {
  it('names every server module in the repository layout', () => {
    const readme = read('README.md');
    const start = readme.indexOf('src/modules/<area>/');
    const end = readme.indexOf('src/realtime/', start);
    expect(start, 'the layout block lists the modules after src/modules/<area>/').toBeGreaterThan(0);
    const block = readme.slice(start, end);
    const missing = modules.filter((m) => !new RegExp(`(^|[^a-z-])${m}([^a-z-]|$)`).test(block));
    expect(missing, 'modules missing from the README layout').toEqual([]);
  });
});

describe('docs/decisions/README.md', () => {
  it('has a row for every decision record', () => {
    const index = read('docs/decisions/README.md');
    const records = readdirSync(path.join(ROOT, 'docs/decisions')).filter((f) => /^\d{3}-.*\.md$/.test(f));
    const missing = records.filter((f) => !index.includes(`](${f})`));
    expect(missing, 'records with no row in the index').toEqual([]);
  });
});
