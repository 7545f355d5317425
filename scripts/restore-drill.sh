#!/usr/bin/env bash
# The restore drill: proves the newest backup made by scripts/backup.sh restores into a working shop.
#   1. creates a fresh database and pg_restores the backup's database.dump into it;
#   2. checks the counts of orders, bids and payments equal those in its manifest.json;
#   3. unpacks media.tar into a scratch DATA_DIR and checks its file count against the manifest;
#   4. starts the built server (apps/server/dist/main.js) on that database and media, on a free port,
#      and checks GET /readyz answers 200 and GET /healthz answers 200;
#   5. stops the server, drops the database and the scratch folder.
# Exits 0 when every check passed, non-zero on any failure or mismatch (each printed as FAIL).
# The server runs with NODE_ENV=production, SITE_LOCKED=true and no mail, text, payment or push
# settings: a restored copy of production must not send anything. How and when to run it:
# docs/operations.md, "Backups and restore".
#
#   BACKUP_DIR          where scripts/backup.sh wrote its dated directories   (default: ./backups)
#   BACKUP              one backup directory to restore instead of the newest
#   ADMIN_DATABASE_URL  a database on the target server to run CREATE/DROP DATABASE from
#                       (default: postgres://postgres@127.0.0.1:5432/postgres)
#   DRILL_PORT          the server's port (default: a free one)
#   DRILL_KEEP=1        keep the restored database and folder (prints where) instead of dropping them
set -uo pipefail
cd "$(dirname "$0")/.."

BACKUP_DIR="${BACKUP_DIR:-./backups}"
ADMIN_DATABASE_URL="${ADMIN_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
failures=0
fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok:   $*"; }
die() { echo "FAIL: $*"; cleanup; exit 1; }

backup="${BACKUP:-}"
if [ -z "$backup" ]; then
  # The newest complete backup (manifest.json is written last).
  backup=$(find "$BACKUP_DIR" -mindepth 2 -maxdepth 2 -name manifest.json -path '*/rebound-*' -printf '%h\n' 2>/dev/null | sort | tail -1)
fi
[ -n "$backup" ] && [ -f "$backup/manifest.json" ] || { echo "FAIL: no complete backup in $BACKUP_DIR"; exit 1; }
echo "restoring $backup"
manifest() { node -e 'const m=JSON.parse(require("fs").readFileSync(process.argv[1],"utf8"));const v=process.argv[2].split(".").reduce((o,k)=>o?.[k],m);if(v===undefined)process.exit(1);console.log(v)' "$backup/manifest.json" "$1"; }

db="rebound_drill_$(date -u +%Y%m%d%H%M%S)_$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/rebound-drill.XXXXXX")
server_pid=""
db_url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$ADMIN_DATABASE_URL" "$db")
admin() { psql -X -q -A -t -v ON_ERROR_STOP=1 "$ADMIN_DATABASE_URL" -c "$1"; }
cleanup() {
  if [ -n "$server_pid" ] && kill -0 "$server_pid" 2>/dev/null; then
    kill -TERM "$server_pid" 2>/dev/null
    for _ in $(seq 1 100); do kill -0 "$server_pid" 2>/dev/null || break; sleep 0.2; done
    kill -KILL "$server_pid" 2>/dev/null
  fi
  server_pid=""
  if [ "${DRILL_KEEP:-}" = "1" ]; then
    echo "kept: database $db, folder $work"
    return
  fi
  admin "drop database if exists $db with (force)" >/dev/null 2>&1 || echo "could not drop database $db"
  rm -rf -- "$work"
}
trap 'cleanup; exit 130' INT TERM

started=$(date +%s)
# 1. A fresh database, the dump restored into it.
sha=$(sha256sum "$backup/database.dump" | cut -d' ' -f1)
[ "$sha" = "$(manifest database.sha256)" ] || die "database.dump does not match the manifest's sha256"
admin "create database $db" >/dev/null || die "could not create database $db"
pg_restore --no-owner --exit-on-error --dbname="$db_url" "$backup/database.dump" || die "pg_restore failed"
ok "database restored into $db ($(($(date +%s) - started)) s)"

# 2. The counts the backup recorded in its own snapshot.
read -r orders bids payments < <(psql -X -q -A -t -F ' ' -v ON_ERROR_STOP=1 "$db_url" \
  -c "select (select count(*) from orders), (select count(*) from bids), (select count(*) from payments)")
for pair in "orders:$orders" "bids:$bids" "payments:$payments"; do
  table=${pair%%:*}
  got=${pair#*:}
  want=$(manifest "counts.$table") || { fail "the manifest has no count of $table"; continue; }
  if [ "$got" = "$want" ]; then ok "$table: $got"; else fail "$table: restored $got, the backup recorded $want"; fi
done

# 3. Media.
mkdir -p "$work/data/media"
tar -C "$work/data/media" -xf "$backup/media.tar" || fail "media.tar did not unpack"
files=$(find "$work/data/media" -type f | wc -l | tr -d ' ')
want_files=$(manifest media.files)
if [ "$files" = "$want_files" ]; then ok "media files: $files"; else fail "media files: restored $files, the backup recorded $want_files"; fi

# 4. A server on the restored database.
[ -f apps/server/dist/main.js ] || die "no built server (apps/server/dist/main.js): run npm run build:server first"
port="${DRILL_PORT:-$(node -e 'const s=require("net").createServer().listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')}"
env -i PATH="$PATH" HOME="${HOME:-/tmp}" NODE_ENV=production HOST=127.0.0.1 PORT="$port" \
  DATABASE_URL="$db_url" DATA_DIR="$work/data" AUTH_SECRET="$(head -c 48 /dev/urandom | base64 | tr -d '\n')" \
  PUBLIC_URL=https://restore-drill.invalid SITE_LOCKED=true LOG_FORMAT=json LOG_LEVEL=warn WEB_CONCURRENCY=1 \
  SELLER_GST_NUMBER="123456789 RT0001" SELLER_PST_NUMBER="PST-1234-5678" \
  node --enable-source-maps apps/server/dist/main.js >"$work/server.log" 2>&1 &
server_pid=$!
ready=""
for _ in $(seq 1 120); do
  kill -0 "$server_pid" 2>/dev/null || break
  code=$(curl -s -o "$work/readyz.json" -w '%{http_code}' "http://127.0.0.1:$port/readyz" 2>/dev/null)
  if [ "$code" = "200" ]; then ready=1; break; fi
  sleep 0.5
done
if [ -n "$ready" ]; then
  ok "server on the restored database: /readyz 200 $(cat "$work/readyz.json")"
  code=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/healthz")
  if [ "$code" = "200" ]; then ok "/healthz 200"; else fail "/healthz answered $code"; fi
else
  fail "the server did not answer /readyz with 200 within 60 s; its log:"
  tail -20 "$work/server.log"
fi

# 5. Stop, drop, clean.
cleanup
trap - INT TERM
echo "restore drill: $([ "$failures" -eq 0 ] && echo passed || echo "FAILED ($failures)") in $(($(date +%s) - started)) s"
[ "$failures" -eq 0 ]
