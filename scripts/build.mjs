#!/usr/bin/env node
// The production build (docs/decisions/034-production-build.md):
//   node scripts/build.mjs            the web app (apps/web/dist) and the server (apps/server/dist)
//   node scripts/build.mjs --server   only the server     (npm run build:server; the Dockerfile and build.test.ts)
//   node scripts/build.mjs --web      only the web app
// The server is bundled by esbuild into apps/server/dist as ESM with source maps: main.js (the server)
// and migrate.js, seed.js, seed-large.js (the CLIs). Our workspace packages (@rebound/core,
// @rebound/contract: TypeScript sources) are bundled in; every other package stays an import of
// node_modules, so native and wasm packages (sharp, PGlite) load as they always do.
// Each build records a fingerprint of its inputs (see inputsHash) that scripts/start.mjs compares.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST = path.join(ROOT, 'apps/server/dist');
export const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const STAMPS = path.join(ROOT, 'node_modules/.cache/rebound-build');

/** Entry points of the server build: output name -> source. */
export const SERVER_ENTRIES = {
  main: 'apps/server/src/main.ts',
  migrate: 'apps/server/src/db/migrate-cli.ts',
  seed: 'apps/server/src/seed/seed-cli.ts',
  'seed-large': 'apps/server/src/seed/large-cli.ts',
};

/** What each build reads: folders (walked, minus node_modules/dist/tests) and single files. */
const INPUTS = {
  server: [
    'apps/server/src',
    'packages/core/src',
    'packages/contract/src',
    'apps/server/package.json',
    'packages/core/package.json',
    'packages/contract/package.json',
    'package-lock.json',
    'scripts/build.mjs',
  ],
  web: [
    'apps/web/src',
    'apps/web/public',
    'apps/web/index.html',
    'apps/web/launch.html',
    'apps/web/vite.config.ts',
    'apps/web/package.json',
    'packages/core/src',
    'packages/contract/src',
    'package-lock.json',
  ],
};

function walk(abs, out) {
  let entries;
  try {
    entries = readdirSync(abs, { withFileTypes: true });
  } catch {
    if (existsSync(abs)) out.push(abs);
    return;
  }
  for (const e of entries) {
    if (e.name === 'node_modules' || e.name === 'dist') continue;
    const p = path.join(abs, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (!/\.test\.tsx?$/.test(e.name)) out.push(p);
  }
}

/** sha256 over the paths and contents of a build's inputs: changes when any source changes. */
export function inputsHash(target) {
  const files = [];
  for (const rel of INPUTS[target]) walk(path.join(ROOT, rel), files);
  files.sort();
  const h = createHash('sha256');
  for (const f of files) {
    h.update(path.relative(ROOT, f));
    h.update('\0');
    h.update(readFileSync(f));
    h.update('\0');
  }
  return h.digest('hex');
}

const stampFile = (target) => path.join(STAMPS, `${target}.json`);
const outputOf = (target) =>
  target === 'server' ? path.join(SERVER_DIST, 'main.js') : path.join(WEB_DIST, 'index.html');

/** Why a build is needed ('missing', 'stale') or null when its output matches its sources. */
export function staleness(target) {
  if (!existsSync(outputOf(target))) return 'missing';
  try {
    const stamp = JSON.parse(readFileSync(stampFile(target), 'utf8'));
    return stamp.hash === inputsHash(target) ? null : 'stale';
  } catch {
    return 'stale';
  }
}

/**
 * Builds a target when it is missing or stale, once even when several processes ask at the same time
 * (the two servers of the browser tests start together): a lock folder, mkdir being atomic.
 */
export async function ensureBuilt(target) {
  const lock = path.join(STAMPS, `${target}.lock`);
  mkdirSync(STAMPS, { recursive: true });
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (err) {
      if (err.code !== 'EEXIST') throw err;
      // A lock left by a build that died (older than any real build) is taken over.
      try {
        if (Date.now() - statSync(lock).mtimeMs > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      } catch {}
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    const why = staleness(target);
    if (!why) return;
    console.log(`The ${target === 'web' ? "web app's" : "server's"} build is ${why}: building it.`);
    if (target === 'web') buildWeb();
    else await buildServer();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function writeStamp(target, hash) {
  mkdirSync(STAMPS, { recursive: true });
  writeFileSync(stampFile(target), `${JSON.stringify({ hash, builtAt: new Date().toISOString() })}\n`);
}

/** `zod` → zod, `@date-fns/tz/x` → @date-fns/tz. */
const packageName = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/**
 * Bare imports stay imports of node_modules, except our own workspace packages, which are bundled.
 * An import kept from a bundled workspace package is resolved at run time from apps/server/dist, so
 * that package must not have its own nested copy (packages/x/node_modules/y) of a different version.
 */
const externalPackages = {
  name: 'external-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@rebound/')) return undefined;
      const fromPackage = /^packages[\\/]([^\\/]+)[\\/]/.exec(path.relative(ROOT, args.importer));
      if (
        fromPackage &&
        existsSync(path.join(ROOT, 'packages', fromPackage[1], 'node_modules', packageName(args.path)))
      )
        return {
          errors: [
            {
              text: `packages/${fromPackage[1]} has its own ${packageName(args.path)} (packages/${fromPackage[1]}/node_modules): the built server would load another version; align the versions so npm hoists one`,
            },
          ],
        };
      return { path: args.path, external: true };
    });
  },
};

export async function buildServer() {
  const hash = inputsHash('server');
  const started = performance.now();
  const { build, stop } = await import('esbuild');
  // Built beside apps/server/dist, then swapped in: a server already running from dist keeps its
  // files until the swap, and a failed build leaves the last good one in place.
  const next = `${SERVER_DIST}.next-${process.pid}`;
  const old = `${SERVER_DIST}.old-${process.pid}`;
  rmSync(next, { recursive: true, force: true });
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: SERVER_ENTRIES,
    outdir: next,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    sourcemap: true,
    // The maps name the TypeScript files (stack traces show apps/server/src/…) without copying them in.
    sourcesContent: false,
    chunkNames: 'chunks/[name]-[hash]',
    plugins: [externalPackages],
    metafile: true,
    logLevel: 'warning',
    legalComments: 'none',
  }).finally(() => stop()); // esbuild's helper process is not kept beside the server npm start runs
  // The bundle must not need tsx (or any TypeScript) at run time.
  const imported = new Set();
  for (const out of Object.values(result.metafile.outputs))
    for (const i of out.imports) if (i.external) imported.add(i.path);
  const forbidden = [...imported].filter((p) => p === 'tsx' || p.startsWith('tsx/') || p.endsWith('.ts'));
  if (forbidden.length) {
    rmSync(next, { recursive: true, force: true });
    throw new Error(`The server build imports ${forbidden.join(', ')} at run time`);
  }
  if (existsSync(SERVER_DIST)) renameSync(SERVER_DIST, old);
  renameSync(next, SERVER_DIST);
  rmSync(old, { recursive: true, force: true });
  writeStamp('server', hash);
  const bytes = Object.entries(result.metafile.outputs)
    .filter(([f]) => f.endsWith('.js'))
    .reduce((a, [, o]) => a + o.bytes, 0);
  console.log(
    `Server built into apps/server/dist (${Object.keys(SERVER_ENTRIES).join(', ')}; ` +
      `${(bytes / 1024).toFixed(0)} KB of JavaScript) in ${((performance.now() - started) / 1000).toFixed(1)}s.`,
  );
}

export function buildWeb() {
  const hash = inputsHash('web');
  const res = spawnSync('npm', ['run', 'build', '-w', '@rebound/web'], { cwd: ROOT, stdio: 'inherit' });
  if (res.status !== 0) throw new Error('The web build failed');
  writeStamp('web', hash);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  const server = args.has('--server') || !args.has('--web');
  const web = args.has('--web') || !args.has('--server');
  try {
    if (web) buildWeb();
    if (server) await buildServer();
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}
