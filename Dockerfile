# syntax=docker/dockerfile:1
# Tend in one image: the web app and the compiled server are built in the first stage; the second
# holds only them and the production dependencies, and runs as the unprivileged `node` user.
#   docker build -t tend .
#   docker run -p 3000:3000 -v tend-data:/data tend      # PGlite, data in the volume
# With PostgreSQL: compose.yaml. Everything else: deploy/README.md.

# Node 22 LTS (Node 20 reached its end of life in April 2026; `--build-arg NODE_IMAGE=...` to change)
ARG NODE_IMAGE=node:22-bookworm-slim

# ---- build: all dependencies, then `npm run build` (dist/web and dist/server) -----------------
FROM ${NODE_IMAGE} AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build \
 && test -f dist/web/index.html \
 && test -f dist/server/main.js

# ---- runtime: production dependencies and the build, nothing else ----------------------------
FROM ${NODE_IMAGE} AS runtime
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund \
 && npm cache clean --force
COPY --from=build /app/dist ./dist
# The code stays root's and read-only to the server; it writes only to DATA_DIR (PGlite's data,
# uploaded files), a volume owned by `node`.
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# The slim image has no curl: Node's own fetch asks /healthz (the process answers).
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# Tend stops cleanly on SIGTERM (closes websockets and the database), Docker's default stop signal.
STOPSIGNAL SIGTERM
CMD ["node", "dist/server/main.js"]
