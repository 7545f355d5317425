#!/usr/bin/env node
// Runs every test tier and ends with one line `N passed, N failed` summing them all:
//   unit (pure rules) · medium on PGlite · medium on PostgreSQL (when TEST_DATABASE_URL is set) · browser.
// Tiers run one after another: the machines this runs on have two cores.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const reports = path.join(root, '.reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

const args = new Set(process.argv.slice(2));
const only = ['unit', 'medium', 'e2e'].filter((t) => args.has(`--${t}`));
const want = (tier) => only.length === 0 || only.includes(tier);
const isCI = process.env.CI === 'true' || process.env.CI === '1';
const results = [];

function run(label, cmd, cmdArgs, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const res = spawnSync(cmd, cmdArgs, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status ?? 1;
}

function vitestTier(label, project, env, unsetDbUrl) {
  const out = path.join(reports, `${label}.json`);
  const fullEnv = { ...env };
  if (unsetDbUrl) fullEnv.TEST_DATABASE_URL = '';
  const code = run(
    label,
    'npx',
    ['vitest', 'run', '--project', project, '--reporter=default', '--reporter=json', `--outputFile=${out}`],
    fullEnv,
  );
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const r = JSON.parse(readFileSync(out, 'utf8'));
    passed = r.numPassedTests ?? 0;
    failed = (r.numFailedTests ?? 0) + (r.numRuntimeErrorTests ?? 0);
    // A suite that failed to load (syntax error, failing hook) has no failing test: count it.
    const brokenFiles = (r.testResults ?? []).filter(
      (f) => f.status === 'failed' && (f.assertionResults ?? []).every((a) => a.status !== 'failed'),
    ).length;
    failed += brokenFiles;
  }
  if (code !== 0 && failed === 0) failed = 1;
  results.push({ label, passed, failed });
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function chromiumPath() {
  const candidates = [
    process.env.CHROME_PATH,
    '/usr/bin/chromium',
    '/usr/bin/chromium-browser',
    '/usr/bin/google-chrome',
  ];
  return candidates.find((p) => p && existsSync(p));
}

async function browserTier() {
  const chrome = chromiumPath();
  if (!chrome) {
    const msg =
      'NO BROWSER FOUND: set CHROME_PATH or install chromium (apt-get install -y chromium). Browser tests did not run.';
    console.log(`\n${'!'.repeat(msg.length)}\n${msg}\n${'!'.repeat(msg.length)}`);
    results.push({ label: 'browser', passed: 0, failed: isCI ? 1 : 0, note: 'no browser' });
    return;
  }
  // The production build (web app and server): the browser journeys run against what ships.
  if (run('build', 'npm', ['run', 'build']) !== 0) {
    results.push({ label: 'browser', passed: 0, failed: 1, note: 'build failed' });
    return;
  }
  const out = path.join(reports, 'browser.json');
  // One server per browser project (e2e/playwright.config.ts), each on its own free port.
  const port = await freePort();
  let phonePort = await freePort();
  while (phonePort === port) phonePort = await freePort();
  const code = run('browser', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    CHROME_PATH: chrome,
    E2E_PORT: String(port),
    E2E_PORT_PHONE: String(phonePort),
    PLAYWRIGHT_JSON_OUTPUT_NAME: out,
  });
  let passed = 0;
  let failed = 0;
  if (existsSync(out)) {
    const s = JSON.parse(readFileSync(out, 'utf8')).stats ?? {};
    passed = (s.expected ?? 0) + (s.flaky ?? 0);
    failed = s.unexpected ?? 0;
  }
  if (code !== 0 && failed === 0) failed = 1;
  results.push({ label: 'browser', passed, failed });
}

// Each tier's wall time, for the summary.
async function timedTier(run) {
  const before = results.length;
  const t0 = Date.now();
  await run();
  for (const r of results.slice(before)) r.seconds = Math.round((Date.now() - t0) / 1000);
}

if (want('unit')) await timedTier(() => vitestTier('unit', 'unit', {}, false));
if (want('medium')) {
  await timedTier(() => vitestTier('medium-pglite', 'medium', {}, true));
  if (process.env.TEST_DATABASE_URL)
    await timedTier(() => vitestTier('medium-postgres', 'medium', {}, false));
  else console.log('\n(TEST_DATABASE_URL is not set: medium tests ran on PGlite only.)');
}
if (want('e2e')) await timedTier(browserTier);

console.log('\n━━ summary ━━');
for (const r of results)
  console.log(
    `${r.label.padEnd(16)} ${r.passed} passed, ${r.failed} failed${r.note ? ` (${r.note})` : ''}${r.seconds === undefined ? '' : ` in ${r.seconds} s`}`,
  );
const passed = results.reduce((a, r) => a + r.passed, 0);
const failed = results.reduce((a, r) => a + r.failed, 0);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
