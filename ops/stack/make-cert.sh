#!/bin/sh
# A self-signed certificate for the local stack's proxy (compose.yaml's `certs` service and
# scripts/stack-smoke.sh): TLS_DIR/tls.crt and tls.key for localhost and 127.0.0.1, valid 30 days.
# Kept when both files are already there, so a restart does not change what a browser accepted.
# Production uses a real certificate (docs/operations.md, "The stack in one command").
#   TLS_DIR    where to write (default /certs)
set -eu
dir="${TLS_DIR:-/certs}"
mkdir -p "$dir"
if [ -s "$dir/tls.crt" ] && [ -s "$dir/tls.key" ]; then
  echo "certificate kept: $dir/tls.crt"
  exit 0
fi
openssl req -x509 -newkey rsa:2048 -nodes -sha256 -days 30 \
  -subj "/CN=localhost" \
  -addext "subjectAltName=DNS:localhost,IP:127.0.0.1" \
  -addext "basicConstraints=critical,CA:TRUE" \
  -keyout "$dir/tls.key.tmp" -out "$dir/tls.crt.tmp" 2>/dev/null
# nginx's master process reads both as root before its workers drop privileges.
chmod 644 "$dir/tls.crt.tmp"
chmod 600 "$dir/tls.key.tmp"
mv "$dir/tls.key.tmp" "$dir/tls.key"
mv "$dir/tls.crt.tmp" "$dir/tls.crt"
echo "certificate made: $dir/tls.crt (self-signed, localhost)"
