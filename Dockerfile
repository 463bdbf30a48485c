# syntax=docker/dockerfile:1

# Node 24 is the current LTS line; -slim keeps the image small (Debian, glibc).
ARG NODE_IMAGE=node:24-slim

# 1. Build the client and the server bundle with all dependencies.
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

# 2. Production dependencies only (no Vite, no test tools).
FROM ${NODE_IMAGE} AS deps
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force

# 3. The runtime image: built output + production dependencies, run as the unprivileged node user.
FROM ${NODE_IMAGE}
# CLINIC_CONTAINER=1 makes the server refuse any NODE_ENV but production (e.g. from a development .env).
ENV NODE_ENV=production \
    CLINIC_CONTAINER=1 \
    PORT=3000
WORKDIR /app
COPY --from=deps --chown=node:node /app/node_modules ./node_modules
COPY --from=build --chown=node:node /app/dist ./dist
COPY --chown=node:node package.json ./
USER node
EXPOSE 3000
# The app answers /healthz without touching the identity service.
HEALTHCHECK --interval=30s --timeout=5s --start-period=15s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# node is PID 1 here: the server handles SIGTERM itself: /readyz 503 and a SHUTDOWN_DRAIN_MS (3 s)
# window, then in-flight requests finish; by SHUTDOWN_TIMEOUT_MS (8 s) it has exited 0, inside
# Docker's default 10 s `docker stop` timeout. Raise both together (docker run --stop-timeout).
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/index.js"]
