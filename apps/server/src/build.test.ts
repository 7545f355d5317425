import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API, OPENAPI_PATH } from '@rebound/contract/routes';
import { afterAll, describe, expect, it } from 'vitest';
import { HANG_MS, startChildServer, stopChildServers } from '../test/child-server';
import { createTestDatabase, TEST_DB_KIND } from '../test/database';
import { REPO_ROOT } from './config';
import type { Database } from './db/client';

// The production build (docs/decisions/034-production-build.md): the build script the Dockerfile runs
// (`npm run build:server`), then the built server started by plain `node`, as the Dockerfile's CMD
// does, in production mode, from a folder outside the repository. Limits only guard against hangs.
const DIST = path.join(REPO_ROOT, 'apps/server/dist');

function jsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? jsFiles(path.join(dir, e.name))
      : e.name.endsWith('.js')
        ? [path.join(dir, e.name)]
        : [],
  );
}

/** Only what a production host has: no NODE_OPTIONS (which could preload tsx), no test settings. */
function productionEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    AUTH_SECRET: 'a-production-secret-of-forty-characters!',
    SELLER_GST_NUMBER: '123456789 RT0001',
    SELLER_PST_NUMBER: 'PST-1234-5678',
    PUBLIC_URL: 'https://rebound.example',
    HOST: '127.0.0.1',
    ...extra,
  };
}

describe('the production build', () => {
  let database: Database | undefined;
  const work = mkdtempSync(path.join(tmpdir(), 'rebound-build-'));
  afterAll(async () => {
    await stopChildServers();
    await database?.close();
    rmSync(work, { recursive: true, force: true });
  });

  it('is what the Dockerfile builds and starts', () => {
    const dockerfile = readFileSync(path.join(REPO_ROOT, 'Dockerfile'), 'utf8');
    // The image's build stage runs `npm run build`, which is `build:server` plus the web app.
    expect(dockerfile).toMatch(/^RUN npm run build$/m);
    const { scripts } = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(scripts['build:server']).toBe(`${scripts.build} --server`);
    // Its CMD is the command the test below starts.
    const cmd = /^CMD (\[.*\])$/m.exec(dockerfile)?.[1];
    expect(cmd && JSON.parse(cmd)).toEqual(['node', '--enable-source-maps', 'apps/server/dist/main.js']);
  });

  it('builds with the Dockerfile’s script, runs under plain node and stops cleanly on SIGTERM', async () => {
    // 1. The build script, as the Dockerfile runs it.
    const build = spawnSync('npm', ['run', 'build:server'], {
      cwd: REPO_ROOT,
      encoding: 'utf8',
      timeout: HANG_MS,
    });
    expect(build.status, build.stderr).toBe(0);
    for (const entry of ['main', 'migrate', 'seed', 'seed-large']) {
      expect(existsSync(path.join(DIST, `${entry}.js`)), entry).toBe(true);
      expect(existsSync(path.join(DIST, `${entry}.js.map`)), `${entry} source map`).toBe(true);
    }
    // JavaScript only: no import of tsx or of a TypeScript file anywhere in the output; our workspace
    // packages are bundled in (their package exports point at .ts sources node cannot load).
    const imports = jsFiles(DIST).flatMap((f) =>
      [
        ...readFileSync(f, 'utf8').matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)["']([^"']+)["']/g),
      ].map((m) => m[1] as string),
    );
    expect(imports.length).toBeGreaterThan(10);
    expect(imports.filter((s) => /^tsx(\/|$)|\.tsx?$|^@rebound\//.test(s))).toEqual([]);
    // The source maps name the TypeScript sources (stack traces with --enable-source-maps).
    const map = JSON.parse(readFileSync(path.join(DIST, 'main.js.map'), 'utf8')) as { sources: string[] };
    expect(map.sources).toContain('../src/main.ts');

    // 2. A database: an empty PGlite folder of its own, or a fresh PostgreSQL database.
    database = TEST_DB_KIND === 'postgres' ? await createTestDatabase() : undefined;
    const webDist = path.join(work, 'web');
    mkdirSync(webDist);
    copyFileSync(path.join(REPO_ROOT, 'apps/web/index.html'), path.join(webDist, 'index.html'));
    const env = productionEnv({
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: database?.url ?? '',
      WEB_DIST: webDist,
      PORT: '0',
      LOG_FORMAT: 'json',
      LOG_LEVEL: 'info',
    });

    // 3. The built migration CLI, run from outside the repository: it finds apps/server/drizzle.
    const migrate = spawnSync(process.execPath, [path.join(DIST, 'migrate.js')], {
      cwd: work,
      env,
      encoding: 'utf8',
      timeout: HANG_MS,
    });
    expect(migrate.status, migrate.stderr).toBe(0);
    expect(migrate.stdout).toContain(`Migrations applied (${database ? 'postgres' : 'pglite'})`);

    // 4. The server, exactly as the Dockerfile's CMD starts it.
    const argv = ['--enable-source-maps', path.join(DIST, 'main.js')]; // the Dockerfile's CMD
    const server = startChildServer({ args: argv, baseEnv: env, cwd: work });
    const base = await server.listening();

    // Plain node: the command line is the Dockerfile's, with no loader (Linux shows it in /proc).
    if (existsSync(`/proc/${server.pid}/cmdline`)) {
      const cmdline = readFileSync(`/proc/${server.pid}/cmdline`, 'utf8').split('\0').filter(Boolean);
      expect(cmdline.slice(1)).toEqual(argv);
      const environ = readFileSync(`/proc/${server.pid}/environ`, 'utf8');
      expect(environ).not.toMatch(/(^|\0)NODE_OPTIONS=/);
    }

    const ready = await fetch(`${base}/readyz`);
    expect(ready.status).toBe(200);

    const openapi = await fetch(`${base}${OPENAPI_PATH}`);
    expect(openapi.status).toBe(200);
    const doc = (await openapi.json()) as { openapi: string; info: { version: string }; paths: object };
    expect(doc.openapi).toBe('3.1.0');
    // The server's version is read from apps/server/package.json, found from dist as from src.
    const pkg = JSON.parse(readFileSync(path.join(REPO_ROOT, 'apps/server/package.json'), 'utf8'));
    expect(doc.info.version).toBe(pkg.version);
    expect(Object.keys(doc.paths)).toContain(API.shop);

    // A product list from the database (empty: production never seeds).
    const shop = await fetch(`${base}${API.shop}`);
    expect(shop.status).toBe(200);
    const list = (await shop.json()) as { items: unknown[] };
    expect(list.items).toEqual([]);
    const categories = await fetch(`${base}${API.categories}`);
    expect(categories.status).toBe(200);

    // The web app's page, from WEB_DIST.
    const home = await fetch(`${base}/`);
    expect(home.status).toBe(200);
    expect(home.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await home.text()).toContain('<div id="root">');

    expect(await server.stop()).toBe(0);
    // Every line it wrote is JSON (LOG_FORMAT=json), and it said it stopped; nothing on stderr.
    const messages = server.stdoutLines.map((line) => String((JSON.parse(line) as { msg?: unknown }).msg));
    expect(messages).toContain('stopped');
    expect(server.stderr()).toBe('');
  });
});
