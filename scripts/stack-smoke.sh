#!/usr/bin/env bash
# The production stack of compose.yaml without Docker (docs/decisions/062-compose-stack.md): the
# same proxy config (ops/stack/rebound.conf.template) on Debian's nginx with a self-signed
# certificate (ops/stack/make-cert.sh), two built servers started as the Dockerfile's CMD starts
# them (NODE_ENV=production) on a fresh PostgreSQL database with Redis, and an SMTP catcher
# (scripts/stack/mail-catcher.mjs) as their SMTP server. It seeds the demo store, then
# scripts/stack/shoppers.mjs signs two shoppers in through the proxy, has one outbid the other and
# waits for the outbid email in the catcher; last, one server is stopped and the proxy must keep
# answering. Everything is torn down on exit (processes stopped, database dropped, folder removed).
# Prints `ok: …` per check; exits non-zero on any failure. CI runs it (.ci/run).
#
#   ADMIN_DATABASE_URL  where to create the database (default TEST_DATABASE_URL, else
#                       postgres://postgres@127.0.0.1:5432/postgres)
#   STACK_REDIS_URL     Redis (default redis://127.0.0.1:6379/5); its rebound:* keys are deleted
#                       before and after the run
#   STACK_BASE_PORT     use six ports from here (proxy https, proxy http, two servers, SMTP, catcher
#                       API); default: free ports
#   STACK_KEEP=1        leave the folder (logs, config) in place and print where
# Needs: node, the npm install, nginx and openssl (`apt-get install -y nginx openssl`), psql.
set -uo pipefail
cd "$(dirname "$0")/.."
started_at=$(date +%s)

ADMIN_DATABASE_URL="${ADMIN_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
REDIS_URL="${STACK_REDIS_URL:-redis://127.0.0.1:6379/5}"
db="stack_smoke_$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/rebound-stack.XXXXXX")
# nginx's workers (user nobody when started as root) write their temporary files under it.
chmod 755 "$work"
mkdir -p "$work/data" "$work/nginx/tmp" "$work/logs"
pids=()
db_made=0
redis_used=0
passed=0

ok() { echo "ok: $* [$(($(date +%s) - started_at)) s]"; }
fail() {
  echo "FAIL: $*"
  exit 1
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  # Stop what we started, by process id: SIGTERM (the servers drain), then SIGKILL after 10 s.
  for pid in "${pids[@]}"; do kill -TERM "$pid" 2>/dev/null; done
  for pid in "${pids[@]}"; do
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$pid" 2>/dev/null
    wait "$pid" 2>/dev/null
  done
  if [ "$status" -ne 0 ] && [ "$passed" -eq 0 ]; then
    for f in "$work"/logs/*.log "$work/nginx/error.log"; do
      [ -s "$f" ] || continue
      echo "---- last lines of $(basename "$f") ----"
      tail -n 15 "$f"
    done
  fi
  if [ "$db_made" -eq 1 ]; then
    psql -X -q -v ON_ERROR_STOP=1 "$ADMIN_DATABASE_URL" -c "drop database if exists $db with (force)" \
      >/dev/null 2>&1 || echo "could not drop database $db"
  fi
  [ "$redis_used" -eq 1 ] && { clear_redis >/dev/null 2>&1 || echo "could not clear the rebound:* keys in $REDIS_URL"; }
  if [ "${STACK_KEEP:-0}" = "1" ]; then echo "kept: $work"; else rm -rf -- "$work"; fi
  exit "$status"
}
trap cleanup EXIT
trap 'echo "interrupted"; exit 130' INT TERM

# ── tools ────────────────────────────────────────────────────────────────────────────────────────
for tool in node nginx openssl psql curl; do
  command -v "$tool" >/dev/null 2>&1 || [ -x "/usr/sbin/$tool" ] || fail "$tool is not installed"
done
NGINX=$(command -v nginx || echo /usr/sbin/nginx)

# compose.yaml describes this same stack (no Docker here to run it: scripts/compose-smoke.sh does).
node scripts/stack/check-compose.mjs || fail "compose.yaml (above)"

# ── ports ────────────────────────────────────────────────────────────────────────────────────────
if [ -n "${STACK_BASE_PORT:-}" ]; then
  read -r https_port http_port port1 port2 smtp_port mail_port <<<"$(seq "$STACK_BASE_PORT" $((STACK_BASE_PORT + 5)) | xargs)"
else
  read -r https_port http_port port1 port2 smtp_port mail_port <<<"$(node -e '
    const net = require("node:net");
    const one = () => new Promise((r) => { const s = net.createServer(); s.listen(0, "127.0.0.1", () => { const p = s.address().port; s.close(() => r(p)); }); });
    (async () => { const ps = new Set(); while (ps.size < 6) ps.add(await one()); console.log([...ps].join(" ")); })();')"
fi
public_url="https://localhost:${https_port}"
echo "stack: proxy $public_url (http :$http_port), servers :$port1 :$port2, SMTP :$smtp_port, catcher API :$mail_port"

# The mail catcher first: it starts while the database is made and seeded.
node scripts/stack/mail-catcher.mjs "$smtp_port" "$mail_port" >"$work/logs/catcher.log" 2>&1 &
pids+=($!)

# ── the database, Redis, the build, the demo store ──────────────────────────────────────────────
# The servers' keys (rate-limit counters, the sign-in throttle) from an earlier run are removed, so
# runs in a row never meet each other's limits; and again at the end. Only `rebound:*` keys, in the
# smoke's own database number.
clear_redis() {
  node -e '
    const Redis = require("ioredis");
    const r = new Redis(process.argv[1], { lazyConnect: true, connectTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null });
    (async () => {
      await r.connect();
      let cursor = "0", n = 0;
      do {
        const [next, keys] = await r.scan(cursor, "MATCH", "rebound:*", "COUNT", 500);
        cursor = next;
        if (keys.length) n += await r.del(...keys);
      } while (cursor !== "0");
      r.disconnect();
      console.log(n);
    })().catch((e) => { console.error(e.message); process.exit(1); });
  ' "$REDIS_URL"
}
cleared=$(clear_redis) || fail "Redis at $REDIS_URL does not answer"
redis_used=1
ok "Redis answers at $REDIS_URL ($cleared keys of an earlier run removed)"

node -e "import('./scripts/build.mjs').then((m) => m.ensureBuilt('server'))" >"$work/logs/build.log" 2>&1 \
  || fail "server build: $(tail -n 3 "$work/logs/build.log")"
ok "the built server (apps/server/dist, npm run build:server)"

db_url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$ADMIN_DATABASE_URL" "$db")
psql -X -q -v ON_ERROR_STOP=1 "$ADMIN_DATABASE_URL" -c "create database $db" >/dev/null || fail "create database $db"
db_made=1
# The demo store as compose.yaml's `seed` service makes it: the built seed command (migrations
# first), outside production (production never seeds: demo passwords are public), media into the
# servers' shared DATA_DIR.
env -i PATH="$PATH" HOME="${HOME:-/tmp}" DATABASE_URL="$db_url" DATA_DIR="$work/data" \
  timeout 90 node --enable-source-maps apps/server/dist/seed.js >"$work/logs/seed.log" 2>&1 \
  || fail "seed: $(tail -n 5 "$work/logs/seed.log")"
ok "database $db migrated and seeded: $(grep -E '^Auctions:' "$work/logs/seed.log")"

# ── the certificate and the mail catcher ─────────────────────────────────────────────────────────
TLS_DIR="$work/tls" sh ops/stack/make-cert.sh >/dev/null || fail "self-signed certificate (openssl)"
ok "self-signed certificate for localhost (ops/stack/make-cert.sh)"


# ── two servers, as the Dockerfile's CMD runs them, with compose.yaml's settings ────────────────
auth_secret=$(openssl rand -hex 32)
start_server() {
  # A clean environment, as in a container: nothing of the caller's (CI=true, NODE_OPTIONS…) leaks in.
  env -i PATH="$PATH" HOME="${HOME:-/tmp}" \
    NODE_ENV=production HOST=127.0.0.1 PORT="$1" LOG_FORMAT=json LOG_LEVEL=warn \
    DATABASE_URL="$db_url" DATABASE_POOL_SIZE=5 REDIS_URL="$REDIS_URL" REALTIME=auto \
    AUTH_SECRET="$auth_secret" PUBLIC_URL="$public_url" TRUST_PROXY=true \
    SELLER_GST_NUMBER="123456789 RT0001" SELLER_PST_NUMBER="PST-1234-5678" \
    SMTP_URL="smtp://127.0.0.1:${smtp_port}" MAIL_FROM="Rebound <no-reply@rebound.localhost>" \
    DATA_DIR="$work/data" SHUTDOWN_GRACE_MS=3000 \
    node --enable-source-maps apps/server/dist/main.js >"$work/logs/server-$1.log" 2>&1 &
  pids+=($!)
  eval "server_pid_$2=$!"
}
start_server "$port1" 1
start_server "$port2" 2

# Waits until a URL answers 200 (curl with the given extra options), or fails after $2 seconds.
wait_200() {
  local url=$1 seconds=$2 what=$3
  shift 3
  local deadline=$(($(date +%s) + seconds))
  while [ "$(date +%s)" -lt "$deadline" ]; do
    [ "$(curl -s -o /dev/null -w '%{http_code}' --max-time 3 "$@" "$url")" = "200" ] && return 0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null || fail "$what: a process of the stack exited (pid $pid)"; done
    sleep 0.3
  done
  fail "$what: $url did not answer 200 within ${seconds} s"
}
wait_200 "http://127.0.0.1:${mail_port}/livez" 20 "mail catcher"
ok "mail catcher listening (SMTP :$smtp_port)"
wait_200 "http://127.0.0.1:${port1}/readyz" 60 "server 1"
wait_200 "http://127.0.0.1:${port2}/readyz" 60 "server 2"
ok "both servers ready (/readyz 200 on :$port1 and :$port2, NODE_ENV=production)"

# ── the proxy: compose.yaml's config file, the upstreams filled in ──────────────────────────────
UPSTREAM_1="127.0.0.1:${port1}" UPSTREAM_2="127.0.0.1:${port2}" PROXY_HTTPS_PORT="$https_port" \
  PROXY_HTTP_PORT="$http_port" TLS_DIR="$work/tls" node -e '
    const fs = require("node:fs");
    const names = ["UPSTREAM_1", "UPSTREAM_2", "PROXY_HTTPS_PORT", "PROXY_HTTP_PORT", "TLS_DIR"];
    const text = fs.readFileSync("ops/stack/rebound.conf.template", "utf8")
      .replace(/\$\{([A-Z0-9_]+)\}/g, (m, n) => (names.includes(n) ? process.env[n] : m));
    const left = text.match(/\$\{[A-Z0-9_]+\}/);
    if (left) { console.error("unfilled " + left[0]); process.exit(1); }
    fs.writeFileSync(process.argv[1], text);' "$work/nginx/rebound.conf" || fail "rendering the proxy config"
cat >"$work/nginx/nginx.conf" <<EOF
# The frame the nginx image gives conf.d/*.conf; the server blocks are the template's.
daemon off;
worker_processes 1;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 256; }
http {
    log_format upstreams '\$remote_addr "\$request" \$status upstream=\$upstream_addr request_id=\$request_id';
    access_log $work/nginx/access.log upstreams;
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    include $work/nginx/rebound.conf;
}
EOF
"$NGINX" -t -q -p "$work/nginx/" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" 2>"$work/logs/nginx-test.log" \
  || fail "nginx -t: $(cat "$work/logs/nginx-test.log")"
"$NGINX" -p "$work/nginx/" -e "$work/nginx/error.log" -c "$work/nginx/nginx.conf" >"$work/logs/nginx.log" 2>&1 &
pids+=($!)
wait_200 "${public_url}/readyz" 20 "proxy" --cacert "$work/tls/tls.crt"
ok "nginx $("$NGINX" -v 2>&1 | sed 's/.*nginx\///') with ops/stack/rebound.conf.template answers on $public_url"

# ── two shoppers through the proxy ───────────────────────────────────────────────────────────────
NODE_EXTRA_CA_CERTS="$work/tls/tls.crt" STACK_URL="$public_url" STACK_HTTP_URL="http://localhost:${http_port}" \
  MAIL_API_URL="http://127.0.0.1:${mail_port}" timeout 90 node scripts/stack/shoppers.mjs \
  || fail "the shoppers' run through the proxy (above)"

# The web app, when it is built (CI's browser tier builds it; the image always has it).
if [ -f apps/web/dist/index.html ]; then
  got=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' --max-time 10 --cacert "$work/tls/tls.crt" "${public_url}/")
  [[ "$got" == "200 text/html"* ]] || fail "the home page through the proxy answered $got"
  ok "the web app's home page through the proxy: $got"
fi

# Round robin: both servers answered requests that came through the proxy.
for p in "$port1" "$port2"; do
  grep -q "upstream=127.0.0.1:${p}" "$work/nginx/access.log" || fail "the proxy never sent a request to :$p"
done
ok "the proxy spread the requests over both servers ($(grep -c "upstream=127.0.0.1:${port1}" "$work/nginx/access.log") and $(grep -c "upstream=127.0.0.1:${port2}" "$work/nginx/access.log") requests)"

# One server stops (as in a deploy): the proxy keeps answering from the other.
kill -TERM "$server_pid_1"
for _ in $(seq 1 100); do kill -0 "$server_pid_1" 2>/dev/null || break; sleep 0.1; done
kill -0 "$server_pid_1" 2>/dev/null && fail "server 1 did not stop within 10 s of SIGTERM"
remaining=()
for pid in "${pids[@]}"; do [ "$pid" != "$server_pid_1" ] && remaining+=("$pid"); done
pids=("${remaining[@]}")
for i in 1 2 3 4 5 6; do
  code=$(curl -s -o /dev/null -w '%{http_code}' --max-time 10 --cacert "$work/tls/tls.crt" "${public_url}/api/time")
  [ "$code" = "200" ] || fail "request $i through the proxy with one server stopped answered $code"
done
ok "server 1 stopped on SIGTERM; six requests through the proxy still answered 200"

passed=1
echo "stack smoke passed in $(($(date +%s) - started_at)) s"
