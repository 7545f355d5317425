import { defineConfig } from 'vitest/config';

// Two tiers run by Vitest: `unit` (pure rules, no I/O) and `medium` (services and routes against a
// real database: PGlite by default, PostgreSQL when TEST_DATABASE_URL is set). Browser journeys
// run under Playwright (e2e/). A server test that needs no database, no network and no child
// process is named `*.unit.test.ts` and runs once, in the unit tier, not once per database engine.
export default defineConfig({
  test: {
    // Both cores for every tier. Vitest sizes its one pool of forks from this root setting (a
    // project's own maxWorkers does not size it): without it, a two-core machine runs one file at a time.
    maxWorkers: 2,
    minWorkers: 1,
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/web/src/**/*.test.{ts,tsx}',
            'apps/server/src/**/*.unit.test.ts',
            'scripts/**/*.test.ts',
          ],
          environment: 'node',
          setupFiles: ['./scripts/vitest-setup.ts'],
          // A component test renders a whole page in jsdom: on a loaded two-core machine that can pass
          // five seconds (the default). A bound on a hung test, not a speed assertion.
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'medium',
          include: ['apps/server/src/**/*.test.ts', 'apps/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**', 'apps/server/src/**/*.unit.test.ts'],
          environment: 'node',
          setupFiles: ['./scripts/vitest-setup.ts'],
          // The migrations run once per run into a template each file's database copies (apps/server/test/db-template.ts).
          globalSetup: ['./apps/server/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
