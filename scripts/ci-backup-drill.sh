#!/usr/bin/env bash
# CI's backup-and-restore check (.ci/run): seeds the demo store into a throwaway PostgreSQL database,
# backs it up with scripts/backup.sh, runs scripts/restore-drill.sh on that backup, and removes the
# database and folders. Uses the built server when it matches the sources, else builds only the
# server. Exit status: the drill's (non-zero on any failure).
#   ADMIN_DATABASE_URL   where to create the databases (default: TEST_DATABASE_URL, else
#                        postgres://postgres@127.0.0.1:5432/postgres)
set -uo pipefail
cd "$(dirname "$0")/.."

ADMIN_DATABASE_URL="${ADMIN_DATABASE_URL:-${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}}"
export ADMIN_DATABASE_URL
db="rebound_ci_backup_$$"
work=$(mktemp -d "${TMPDIR:-/tmp}/rebound-ci-backup.XXXXXX")
db_url=$(node -e 'const u=new URL(process.argv[1]);u.pathname="/"+process.argv[2];console.log(u.toString())' "$ADMIN_DATABASE_URL" "$db")
cleanup() {
  psql -X -q -v ON_ERROR_STOP=1 "$ADMIN_DATABASE_URL" -c "drop database if exists $db with (force)" >/dev/null 2>&1 \
    || echo "could not drop database $db"
  rm -rf -- "$work"
}
trap cleanup EXIT

node -e "import('./scripts/build.mjs').then((m) => m.ensureBuilt('server'))" || { echo "FAIL: server build"; exit 1; }
psql -X -q -v ON_ERROR_STOP=1 "$ADMIN_DATABASE_URL" -c "create database $db" || { echo "FAIL: create database"; exit 1; }
# The demo store (orders, bids, payments and product images) from the built seed command.
DATABASE_URL="$db_url" DATA_DIR="$work/data" node apps/server/dist/seed.js | grep -E '^(Seeded|Rows)' \
  || { echo "FAIL: seed"; exit 1; }
DATABASE_URL="$db_url" DATA_DIR="$work/data" BACKUP_DIR="$work/backups" BACKUP_KEEP=2 bash scripts/backup.sh \
  || { echo "FAIL: backup"; exit 1; }
BACKUP_DIR="$work/backups" bash scripts/restore-drill.sh
