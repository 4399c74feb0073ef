# Chairline in one image: the API compiled to JavaScript, serving both built front ends on one port.
# Build:  docker build -t chairline .      Run several behind a proxy: compose.yaml.
# Stages: `build` installs everything and runs `pnpm build`; `runtime` holds only production
# dependencies and the dist folders, and runs as the unprivileged `node` user.

FROM node:20-slim AS base
# The pnpm of the root package.json's "packageManager" (test/container-files.test.ts keeps them equal).
ARG PNPM_VERSION=10.34.9
RUN npm install --global pnpm@${PNPM_VERSION} && npm cache clean --force
WORKDIR /app

FROM base AS build
# Sources only: .dockerignore leaves out node_modules, dist folders, data and .git.
COPY . .
RUN pnpm install --frozen-lockfile
RUN pnpm build

FROM base AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/app/data
# The workspace's manifests and lockfile, then the production dependencies of the server and of the
# public site's server renderer (the admin app is static files, bundled at build time).
COPY package.json pnpm-lock.yaml pnpm-workspace.yaml ./
COPY apps/api/package.json apps/api/
COPY apps/admin/package.json apps/admin/
COPY apps/public-site/package.json apps/public-site/
COPY packages/shared/package.json packages/shared/
COPY packages/auth-provider/package.json packages/auth-provider/
COPY packages/data-provider/package.json packages/data-provider/
COPY tests/package.json tests/
RUN pnpm install --prod --frozen-lockfile --store-dir /tmp/pnpm-store \
      --filter "@chairline/api..." --filter "@chairline/public-site..." \
    && rm -rf /tmp/pnpm-store
COPY --from=build /app/packages/shared/dist packages/shared/dist
COPY --from=build /app/apps/api/dist apps/api/dist
COPY --from=build /app/apps/admin/dist apps/admin/dist
COPY --from=build /app/apps/public-site/dist apps/public-site/dist
# The data folder (embedded database, uploads, generated keys) belongs to the user the server runs as.
RUN mkdir -p /app/data/uploads && chown -R node:node /app/data
USER node
VOLUME ["/app/data"]
EXPOSE 3000
# SIGTERM stops the server gracefully within 10 s (apps/api/src/server.ts).
STOPSIGNAL SIGTERM
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health/').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# What `pnpm serve` runs, without pnpm in between, so the server itself receives the stop signal.
CMD ["node", "--conditions=chairline-compiled", "apps/api/dist/server.js"]
