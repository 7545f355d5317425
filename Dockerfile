# Rebound in one image: the built server (apps/server/dist) serving the built web app (apps/web/dist).
# Deployment, variables, backups and alerts: docs/operations.md.
#
#   docker build -t rebound .
#   docker run -p 3000:3000 -e DATABASE_URL=postgres://… -e AUTH_SECRET=… -e PUBLIC_URL=https://… rebound
#
# The build stage runs `npm run build`, the same script the test apps/server/src/build.test.ts runs
# (its server half, `npm run build:server`) before starting the result exactly as CMD below does.

ARG NODE_VERSION=20

# ── build: every dependency, then the web app and the server ─────────────────────────────────────
FROM node:${NODE_VERSION}-slim AS build
WORKDIR /app
# The manifests first: the install layer is reused until a dependency changes.
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
RUN npm install --no-audit --no-fund
COPY . .
RUN npm run build

# ── deps: the server's production dependencies only (no devDependencies, and none of the web app's:
# its build is in apps/web/dist) ──────────────────────────────────────────────────────────────────
FROM node:${NODE_VERSION}-slim AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/core/package.json packages/core/
COPY packages/contract/package.json packages/contract/
COPY apps/server/package.json apps/server/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
# (`npm install` installs exactly what package-lock.json pins, as CI does: npm 11's `npm ci` rejects
# this lock, which leaves out other platforms' optional binaries.) A package another workspace needs
# in a different version stays nested in apps/server/node_modules: the folder is copied too.
RUN npm install --omit=dev --no-audit --no-fund --workspace apps/server && mkdir -p apps/server/node_modules

# ── runtime ───────────────────────────────────────────────────────────────────────────────────────
FROM node:${NODE_VERSION}-slim
ENV NODE_ENV=production \
    PORT=3000 \
    DATA_DIR=/data \
    LOG_FORMAT=json
WORKDIR /app
# The root package.json marks the repository root the server finds its files from (config.ts REPO_ROOT).
COPY --from=deps /app/package.json ./
COPY --from=deps /app/node_modules ./node_modules
COPY --from=deps /app/apps/server/package.json ./apps/server/
COPY --from=deps /app/apps/server/node_modules ./apps/server/node_modules
COPY --from=build /app/apps/server/dist ./apps/server/dist
COPY --from=build /app/apps/server/drizzle ./apps/server/drizzle
COPY --from=build /app/apps/web/dist ./apps/web/dist
# DATA_DIR: uploaded images (media/) and, without DATABASE_URL, the embedded database. A volume.
RUN mkdir -p /data && chown node:node /data
VOLUME ["/data"]
USER node
EXPOSE 3000
# Ready = the database answers and the realtime listener listens (/readyz is 503 otherwise).
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/readyz`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1, with no shell or npm between: `docker stop`'s SIGTERM reaches the server, which
# drains (SHUTDOWN_GRACE_MS, 10 s by default). docker stop kills after 10 s: give it more
# (`--stop-timeout 20`, Kubernetes terminationGracePeriodSeconds) than SHUTDOWN_GRACE_MS.
CMD ["node", "--enable-source-maps", "apps/server/dist/main.js"]
