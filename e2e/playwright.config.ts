import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the real server (built web app, embedded in-memory database with demo
// data, movable clock), driven in the system Chromium: browser downloads are not available here.
const port = Number(process.env.E2E_PORT ?? 3199);
const baseURL = `http://127.0.0.1:${port}`;
const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../.reports/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chrome,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
    { name: 'phone', use: { ...devices['Pixel 7'], channel: undefined }, grepInvert: /@keyboard/ },
  ],
  webServer: {
    command: 'npx tsx apps/server/src/main.ts',
    cwd: '..',
    url: `${baseURL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Emailed links must point at the site under test.
      PUBLIC_URL: baseURL,
      DATA_DIR: 'memory://',
      SEED_ON_START: 'true',
      TEST_CLOCK: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
    },
  },
});
