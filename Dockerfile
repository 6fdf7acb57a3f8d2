# The server as a container image (docs/deploy.md, "Reference deployment"). Cannot be built in this
# repository's CI (no image registry there); keep it in line with compose.yaml and with what
# apps/api/reliability/haproxy.reliability.test.ts runs: `node apps/api/dist/main.js`.
ARG NODE_IMAGE=node:24-bookworm-slim

# 1. Build: every dependency, then the web app and the bundled server (npm run build).
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/db/package.json packages/db/
COPY packages/sandboxes/package.json packages/sandboxes/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only.
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/shared/package.json packages/shared/
COPY packages/db/package.json packages/db/
COPY packages/sandboxes/package.json packages/sandboxes/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
COPY e2e/package.json e2e/
RUN npm ci --omit=dev --no-audit --no-fund

# 3. What runs: the production dependencies, the built server and web app, the migrations.
FROM ${NODE_IMAGE}
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000 DATA_DIR=/data
WORKDIR /app
COPY --from=deps /app ./
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY packages/db/migrations packages/db/migrations
RUN mkdir -p /data && chown node:node /data
USER node
EXPOSE 3000
# Liveness only: a database outage must not get a healthy process restarted (readiness is the
# load balancer's business).
HEALTHCHECK --interval=10s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/api/health/live').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# SIGTERM drains within SHUTDOWN_DEADLINE_SECONDS, then exits 0 (docs/deploy.md, "Stopping").
STOPSIGNAL SIGTERM
# npm run serve's command, word for word (scripts/serve-command.test.ts), without npm in between.
CMD ["node", "--max-semi-space-size=16", "--heap-growing-percent=50", "--enable-source-maps", "apps/api/dist/main.js"]
