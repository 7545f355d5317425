import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// Error toasts belong to their action (docs/product.md "Error messages close when the action later
// works"; lib/toast.ts): `toast.failed(action, …)` and `toast.succeeded(action)`. A plain
// `toast.error` would stay beside a later success, so only these show one, none of them an action
// the person tries again in place.
const PLAIN_ERRORS_ALLOWED = [
  // The confirmation link's answer, once, on the page it opened.
  'features/auth/use-confirmation-link-toast.ts',
  // A toast carried over a full reload, shown once.
  'lib/flash-toast.ts',
  // 'Sign in to watch' for a signed-out visitor, with its Sign in button: nothing to retry here.
  'features/watchlist/api.ts',
];

const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe('error toasts', () => {
  it('are shown under their action everywhere but the few one-off messages', () => {
    const plain = sourceFiles(SRC)
      .filter((file) => /\btoast\.error\b/.test(readFileSync(file, 'utf8')))
      .map((file) => relative(SRC, file).replaceAll('\\', '/'))
      .sort();
    expect(plain).toEqual([...PLAIN_ERRORS_ALLOWED].sort());
  });
});
