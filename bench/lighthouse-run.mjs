// One Lighthouse audit, run by bench/lighthouse.bench.ts in a child process under the Node 22 it
// installed (Lighthouse 13 needs Node >= 22.19; the repo and its servers run on Node 20).
//
//   <node22> bench/lighthouse-run.mjs '{"dir":"bench/.cache/lighthouse13","url":"http://…","out":"/tmp/lhr.json",
//                                       "chromePath":"/usr/bin/chromium","categories":["performance",…]}'
//
// Lighthouse and chrome-launcher are loaded from `dir`/node_modules (the bench's cache folder), never
// from the repo's node_modules (which may hold another Lighthouse). Launches the browser headless, audits the URL with Lighthouse's default
// settings (mobile: simulated slow 4G, 4x CPU slowdown), writes the LHR (JSON) to `out` and kills the
// browser. Exit code 0 when the LHR was written (its runtimeError, if any, is for the caller to read).

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const opts = JSON.parse(process.argv[2] ?? '{}');
const dir = path.resolve(opts.dir);
const require = createRequire(path.join(dir, 'package.json'));
const load = async (name) => {
  const file = require.resolve(name);
  if (!file.startsWith(path.join(dir, 'node_modules') + path.sep))
    throw new Error(`${name} not installed in ${dir}`);
  return import(pathToFileURL(file).href);
};
const { default: lighthouse } = await load('lighthouse');
const chromeLauncher = await load('chrome-launcher');

const chrome = await chromeLauncher.launch({
  chromePath: opts.chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox'],
});
try {
  const result = await lighthouse(opts.url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: opts.categories,
  });
  if (!result) throw new Error('lighthouse returned nothing');
  writeFileSync(opts.out, JSON.stringify(result.lhr));
} finally {
  await chrome.kill();
}
