# syntax=docker/dockerfile:1
# Siam Drive: the site and the API in one process (docs/decisions/0001), as `npm start` runs it.
#   docker build -t siam-drive .
#   docker run -p 3000:3000 -v siam-data:/data siam-drive      (embedded database in /data)
# With PostgreSQL, Redis and an S3 bucket behind nginx: compose.yaml.

# ---- build: every dependency, then the site, its server renderer and the API bundle ----
FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# ---- runtime: production dependencies only, the built files, a user without rights ----
FROM node:22-bookworm-slim AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
COPY packages/contract/package.json packages/contract/
COPY apps/api/package.json apps/api/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
# The API bundles the contract; its sources stay so the workspace install is complete.
COPY --from=build /app/packages/contract/src packages/contract/src
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/apps/web/dist-server apps/web/dist-server
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: /api/v1/health/ready (database and migrations) is for the load balancer.
HEALTHCHECK --interval=15s --timeout=3s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:3000/api/v1/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# 32 MB semi-spaces: a page render's short-lived objects die young (docs/decisions/1401-page-cache.md).
CMD ["node", "--enable-source-maps", "--max-semi-space-size=32", "apps/api/dist/server.js"]
