#!/usr/bin/env node
// What can be checked of compose.yaml without Docker (docs/decisions/062-compose-stack.md): it
// parses as YAML, and the stack it describes is the one scripts/stack-smoke.sh runs: two servers
// from the Dockerfile with production settings behind the proxy, the proxy filling in exactly the
// names its config template uses, a health check on every long-running service, and every
// depends_on naming a service with a condition. Prints `ok: …` per check; exits 1 on the first
// failure. `docker compose config` is the full check where the compose plugin exists.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const fail = (what) => {
  console.log(`FAIL: compose.yaml: ${what}`);
  process.exit(1);
};
const ok = (what) => console.log(`ok: compose.yaml: ${what}`);

let doc;
try {
  const parsed = YAML.parseDocument(readFileSync(path.join(root, 'compose.yaml'), 'utf8'), { merge: true });
  if (parsed.errors.length) fail(parsed.errors.map((e) => e.message).join('; '));
  doc = parsed.toJS({ maxAliasCount: 100 });
} catch (err) {
  fail(err.message);
}
ok('parses as YAML');

const services = doc.services ?? {};
for (const name of ['server-1', 'server-2', 'proxy', 'db', 'redis', 'mailpit', 'certs', 'seed']) {
  if (!services[name]) fail(`no service ${name}`);
}
const oneShots = new Set(['certs', 'seed']);
for (const [name, s] of Object.entries(services)) {
  if (!s.image && !s.build) fail(`${name} has neither image nor build`);
  if (!oneShots.has(name) && !s.healthcheck?.test) fail(`${name} has no health check`);
  for (const [dep, how] of Object.entries(s.depends_on ?? {})) {
    if (!services[dep]) fail(`${name} depends on a service that does not exist: ${dep}`);
    const want = oneShots.has(dep) ? 'service_completed_successfully' : 'service_healthy';
    if (how?.condition !== want) fail(`${name} should wait for ${dep} with condition ${want}`);
  }
}
ok(`services ${Object.keys(services).join(', ')}; a health check on each long-running one`);
ok('every depends_on has a condition (healthy, or completed for the one-shot certs and seed)');

for (const name of ['server-1', 'server-2']) {
  const s = services[name];
  if (s.build !== '.' && s.build?.context !== '.')
    fail(`${name} is not built from the repository's Dockerfile`);
  const env = s.environment ?? {};
  if (env.NODE_ENV && env.NODE_ENV !== 'production') fail(`${name} overrides NODE_ENV`);
  if (!String(env.DATABASE_URL).startsWith('postgres://') || !String(env.DATABASE_URL).includes('@db:')) {
    fail(`${name}: DATABASE_URL should point at the db service`);
  }
  if (env.REDIS_URL !== 'redis://redis:6379') fail(`${name}: REDIS_URL should point at the redis service`);
  if (!String(env.SMTP_URL).startsWith('smtp://mailpit:')) fail(`${name}: SMTP_URL should point at mailpit`);
  if (!String(env.PUBLIC_URL).startsWith('https://')) fail(`${name}: PUBLIC_URL must be https`);
  if (String(env.TRUST_PROXY) !== 'true') fail(`${name}: TRUST_PROXY must be true behind the proxy`);
  if (!env.AUTH_SECRET) fail(`${name}: no AUTH_SECRET`);
  if (!env.SELLER_GST_NUMBER || !env.SELLER_PST_NUMBER)
    fail(`${name}: no SELLER_GST_NUMBER / SELLER_PST_NUMBER`);
  if (s.ports) fail(`${name} publishes ports: only the proxy should reach it`);
  if (!String(s.healthcheck.test).includes('/readyz')) fail(`${name}'s health check should ask /readyz`);
}
ok(
  'two servers from the Dockerfile: production, PostgreSQL, Redis, SMTP to mailpit, https PUBLIC_URL, TRUST_PROXY',
);

const proxy = services.proxy;
const mount = (proxy.volumes ?? []).find((v) => String(v).includes('/etc/nginx/templates/'));
if (!mount) fail('the proxy does not mount its config template');
const templatePath = String(mount).split(':')[0];
if (templatePath !== './ops/stack/rebound.conf.template') fail(`the proxy's template is ${templatePath}`);
if (!existsSync(path.join(root, templatePath))) fail(`${templatePath} does not exist`);
const template = readFileSync(path.join(root, templatePath), 'utf8');
const used = new Set([...template.matchAll(/\$\{([A-Z0-9_]+)\}/g)].map((m) => m[1]));
const given = new Set(Object.keys(proxy.environment ?? {}));
for (const n of used) if (!given.has(n)) fail(`the proxy's environment lacks ${n}, which the template uses`);
for (const n of given)
  if (!used.has(n)) fail(`the proxy's environment sets ${n}, which the template does not use`);
const upstreams = [proxy.environment.UPSTREAM_1, proxy.environment.UPSTREAM_2].sort();
if (upstreams.join(' ') !== 'server-1:3000 server-2:3000') fail(`the upstreams are ${upstreams.join(', ')}`);
ok(
  `the proxy fills in exactly the template's names (${[...used].join(', ')}); upstreams server-1 and server-2`,
);
