#!/usr/bin/env bash
# A backup of Rebound that the restore drill (scripts/restore-drill.sh) can check: the PostgreSQL
# database as a custom-format pg_dump, the uploaded media folder as a tar, and manifest.json with
# the counts of orders, bids and payments taken in the dump's own snapshot. One dated directory per
# run, BACKUP_DIR/rebound-YYYY-MM-DDTHHMMSSZ; manifest.json is written last, so a directory without
# it is an unfinished backup (the drill skips it). Keeps the newest BACKUP_KEEP backups.
# How to schedule it: docs/operations.md, "Backups and restore".
#
#   DATABASE_URL   the database to back up (required; a direct connection, not a transaction pooler)
#   DATA_DIR       the server's data directory; media is DATA_DIR/media   (default: ./data)
#   MEDIA_DIR      the media folder, if not DATA_DIR/media
#   BACKUP_DIR     where the dated directories go                          (default: ./backups)
#   BACKUP_KEEP    how many backups to keep, newest first                  (default: 14)
# Prints the new directory's path last. Exits non-zero (and leaves no manifest) on any failure.
set -euo pipefail

: "${DATABASE_URL:?DATABASE_URL is required (the database to back up)}"
DATA_DIR="${DATA_DIR:-./data}"
MEDIA_DIR="${MEDIA_DIR:-$DATA_DIR/media}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
BACKUP_KEEP="${BACKUP_KEEP:-14}"
case "$BACKUP_KEEP" in '' | *[!0-9]* | 0) echo "BACKUP_KEEP must be a whole number of at least 1" >&2; exit 2 ;; esac

stamp=$(date -u +%Y-%m-%dT%H%M%SZ)
dest="$BACKUP_DIR/rebound-$stamp"
mkdir -p "$dest"
# A failed run leaves no half backup behind.
trap '[ -f "$dest/manifest.json" ] || rm -rf -- "$dest"' EXIT
started=$(date +%s)

# One repeatable-read transaction exports its snapshot; pg_dump reads that same snapshot, so the
# counts in the manifest are exactly what the dump holds, even while the shop takes bids.
coproc PSQL { psql -X -q -A -t -v ON_ERROR_STOP=1 "$DATABASE_URL" 2>&1; }
psql_in=${PSQL[1]}
psql_out=${PSQL[0]}
echo "begin isolation level repeatable read read only; select pg_export_snapshot();" >&"$psql_in"
read -r -t 30 snapshot <&"$psql_out" || { echo "could not open a snapshot on the database" >&2; exit 1; }
case "$snapshot" in *-*) ;; *) echo "could not open a snapshot: $snapshot" >&2; exit 1 ;; esac
echo "select (select count(*) from orders) || ' ' || (select count(*) from bids) || ' ' || (select count(*) from payments);" >&"$psql_in"
read -r -t 60 orders bids payments <&"$psql_out" || { echo "could not count the rows" >&2; exit 1; }

pg_dump --format=custom --no-owner --snapshot="$snapshot" --file="$dest/database.dump" "$DATABASE_URL"
echo "commit;" >&"$psql_in"
exec {psql_in}>&-
wait "$PSQL_PID" 2>/dev/null || true

# Media after the database: keys never change once written, so this copy has every image the dump
# refers to (and perhaps a few newer ones).
media_files=0
if [ -d "$MEDIA_DIR" ]; then
  tar -C "$MEDIA_DIR" -cf "$dest/media.tar" .
  media_files=$(find "$MEDIA_DIR" -type f | wc -l | tr -d ' ')
else
  echo "note: no media folder at $MEDIA_DIR: backing up the database only" >&2
  tar -cf "$dest/media.tar" --files-from /dev/null
fi

dump_sha=$(sha256sum "$dest/database.dump" | cut -d' ' -f1)
cat >"$dest/manifest.json.tmp" <<JSON
{
  "createdAt": "$(date -u +%Y-%m-%dT%H:%M:%SZ)",
  "database": {
    "file": "database.dump",
    "format": "pg_dump custom",
    "sha256": "$dump_sha",
    "pgDump": "$(pg_dump --version | sed 's/"//g')"
  },
  "counts": { "orders": $orders, "bids": $bids, "payments": $payments },
  "media": { "file": "media.tar", "files": $media_files },
  "seconds": $(($(date +%s) - started))
}
JSON
mv "$dest/manifest.json.tmp" "$dest/manifest.json"

# Retention: the newest BACKUP_KEEP complete backups stay; older ones and unfinished ones go.
# (Unfinished = no manifest.json and not the one just made.)
mapfile -t complete < <(find "$BACKUP_DIR" -mindepth 2 -maxdepth 2 -name manifest.json -path '*/rebound-*' -printf '%h\n' | sort -r)
for old in "${complete[@]:$BACKUP_KEEP}"; do rm -rf -- "$old"; done
for dir in "$BACKUP_DIR"/rebound-*; do
  [ -d "$dir" ] && [ ! -f "$dir/manifest.json" ] && [ "$dir" != "$dest" ] && rm -rf -- "$dir"
done

echo "backup: orders $orders, bids $bids, payments $payments, media files $media_files" >&2
echo "$dest"
