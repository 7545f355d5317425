import { defineConfig, devices } from '@playwright/test';

// Browser journeys against the real server (built web app, embedded in-memory database with demo
// data, movable clock), driven in the system Chromium: browser downloads are not available here.
// One server per project, each with its own fresh in-memory store: the phone journeys never see what
// the desktop ones bought, bid on or moved the clock past (the test clock only moves forward).
const ports = {
  desktop: Number(process.env.E2E_PORT ?? 3199),
  phone: Number(process.env.E2E_PORT_PHONE ?? Number(process.env.E2E_PORT ?? 3199) + 1),
};
const urlOf = (port: number) => `http://127.0.0.1:${port}`;
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
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], channel: undefined, baseURL: urlOf(ports.desktop) },
    },
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], channel: undefined, baseURL: urlOf(ports.phone) },
      // Keyboard journeys and one-device journeys (@desktop) run on the desktop only.
      grepInvert: /@keyboard|@desktop/,
    },
  ],
  webServer: [ports.desktop, ports.phone].map((port) => ({
    // The production build, as `npm start` runs it (built first if missing or out of date).
    command: 'node scripts/start.mjs',
    cwd: '..',
    url: `${urlOf(port)}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      PORT: String(port),
      // Emailed links must point at the site under test.
      PUBLIC_URL: urlOf(port),
      DATA_DIR: 'memory://',
      SEED_ON_START: 'true',
      TEST_CLOCK: 'true',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // The journeys sign in far more often from one address than a person would.
      RATE_LIMIT_SCALE: '20',
      // Pre-launch mode: the journey types this address to unlock its browser. The lock
      // stays off (SITE_LOCKED unset); the journey turns it on as staff and off afterwards.
      LAUNCH_BYPASS_EMAIL: 'insider@rebound.test',
    },
  })),
});
