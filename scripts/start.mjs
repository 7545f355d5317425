#!/usr/bin/env node
// npm start: builds what is missing or out of date, then runs the built server (no tsx at run time).
//   - the web app (apps/web/dist; skipped when WEB_DIST points elsewhere) and the server
//     (apps/server/dist), each rebuilt only when its output is missing or the fingerprint of its
//     sources differs from the one its last build recorded (scripts/build.mjs). `npm run build`
//     rebuilds both unconditionally;
//   - then the server runs in this process, as `node --enable-source-maps apps/server/dist/main.js`
//     would: source maps on, so stack traces name the TypeScript files. In this process rather than a
//     child so that a signal (Ctrl-C, SIGTERM) reaches the server once, with nothing in between.
import cluster from 'node:cluster';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureBuilt, SERVER_DIST } from './build.mjs';

// node:cluster workers (WEB_CONCURRENCY) run this file again: the primary has built already.
if (cluster.isPrimary) {
  try {
    if (!process.env.WEB_DIST) await ensureBuilt('web');
    await ensureBuilt('server');
  } catch (err) {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  }
}

process.setSourceMapsEnabled(true);
await import(pathToFileURL(path.join(SERVER_DIST, 'main.js')).href);
