#!/usr/bin/env bash
# compose.yaml end to end, where Docker runs (docs/decisions/062-compose-stack.md): builds the image,
# brings the whole stack up with the demo store (`--profile demo`) and waits for every health check
# (`up -d --wait`), then scripts/stack/shoppers.mjs signs two demo shoppers in through the proxy
# over https (trusting the stack's own self-signed certificate), has one outbid the other and waits
# for the outbid email in mailpit (its API); last, `docker compose down -v`. Prints `ok: …` per
# check and exits non-zero on any failure. Without Docker, scripts/stack-smoke.sh checks the same
# topology.
#   COMPOSE_SMOKE_HTTPS_PORT, COMPOSE_SMOKE_HTTP_PORT, COMPOSE_SMOKE_MAIL_PORT   host ports
#                    (default 18443, 18080, 18025, so a running `docker compose up` is left alone)
#   COMPOSE_SMOKE_KEEP=1   leave the stack running (and print how to stop it)
# Needs: docker with the compose plugin (v2.20+), node and the npm install (for the client).
set -uo pipefail
cd "$(dirname "$0")/.."
started_at=$(date +%s)

export COMPOSE_PROJECT_NAME="rebound-smoke-$$"
export COMPOSE_PROFILES=demo
export REBOUND_HTTPS_PORT="${COMPOSE_SMOKE_HTTPS_PORT:-18443}"
export REBOUND_HTTP_PORT="${COMPOSE_SMOKE_HTTP_PORT:-18080}"
export REBOUND_MAIL_PORT="${COMPOSE_SMOKE_MAIL_PORT:-18025}"
work=$(mktemp -d "${TMPDIR:-/tmp}/rebound-compose.XXXXXX")
up=0
passed=0

ok() { echo "ok: $* [$(($(date +%s) - started_at)) s]"; }
fail() {
  echo "FAIL: $*"
  exit 1
}

cleanup() {
  local status=$?
  trap - EXIT INT TERM
  if [ "$up" -eq 1 ]; then
    if [ "$status" -ne 0 ] && [ "$passed" -eq 0 ]; then
      docker compose ps -a
      docker compose logs --no-color --tail 20
    fi
    if [ "${COMPOSE_SMOKE_KEEP:-0}" = "1" ]; then
      echo "kept: COMPOSE_PROJECT_NAME=$COMPOSE_PROJECT_NAME docker compose down -v (to stop it)"
    else
      docker compose down -v --remove-orphans --timeout 30 >/dev/null 2>&1 || echo "docker compose down failed"
    fi
  fi
  rm -rf -- "$work"
  exit "$status"
}
trap cleanup EXIT
trap 'echo "interrupted"; exit 130' INT TERM

command -v docker >/dev/null 2>&1 || fail "docker is not installed (scripts/stack-smoke.sh runs without it)"
docker info >/dev/null 2>&1 || fail "the Docker daemon does not answer (scripts/stack-smoke.sh runs without it)"
docker compose version >/dev/null 2>&1 || fail "the docker compose plugin is missing"
docker compose config --quiet || fail "docker compose config"
ok "docker compose config: compose.yaml is valid ($(docker compose version --short))"

node scripts/stack/check-compose.mjs >/dev/null || fail "scripts/stack/check-compose.mjs"

up=1
timeout 900 docker compose up -d --build --wait --wait-timeout 600 || fail "docker compose up -d --wait"
ok "docker compose --profile demo up -d --wait: every service healthy (the seed done)"
docker compose ps --format '{{.Service}} {{.Status}}' | sed 's/^/   /'

# The proxy's self-signed certificate, to trust it (rather than turning certificate checks off).
docker compose cp proxy:/etc/nginx/certs/tls.crt "$work/tls.crt" >/dev/null || fail "copying the certificate out"
ok "the stack's self-signed certificate copied out of the proxy"

NODE_EXTRA_CA_CERTS="$work/tls.crt" STACK_URL="https://localhost:${REBOUND_HTTPS_PORT}" \
  STACK_HTTP_URL="http://localhost:${REBOUND_HTTP_PORT}" MAIL_API_URL="http://127.0.0.1:${REBOUND_MAIL_PORT}" \
  timeout 120 node scripts/stack/shoppers.mjs || fail "the shoppers' run through the proxy (above)"

# Neither server fell over under the run.
for s in server-1 server-2; do
  docker compose exec -T "$s" node -e 'process.exit(0)' >/dev/null 2>&1 || fail "$s is not running"
done
ok "both servers still running"

passed=1
echo "compose smoke passed in $(($(date +%s) - started_at)) s"
