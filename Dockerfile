# The storefront's image: the build stage installs everything and runs the build, as CI does; the
# final stage is the documented production directory (docs/operations.md, "Deploy"): the build, the migrations,
# the install's patches and a production-only install, run as the unprivileged `node` user.
# src/server/container-image.test.ts keeps the copied files and the commands in step with the
# production-directory test.
# Node 22 (an LTS release with security fixes until April 2027, which every locked dependency
# declares), not the Node 20 that CI runs: 20 is out of support. docs/decisions/0035 says what is
# tested on which.

FROM node:22-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build

FROM node:22-bookworm-slim AS production
ENV NODE_ENV=production HOST=0.0.0.0 PORT=3000
WORKDIR /app
COPY package.json package-lock.json ./
COPY patches ./patches
RUN npm ci --omit=dev --prefer-offline --no-audit --no-fund
COPY migrations ./migrations
COPY --from=build /app/dist ./dist
# Where compose mounts the shared images volume (IMAGES_DIR): a new volume takes this folder's owner.
RUN mkdir -p /app/images && chown node:node /app/images
USER node
EXPOSE 3000
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + process.env.PORT + '/ready').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# Exec form: node is PID 1 and gets SIGTERM itself; the server handles it (finishes the requests in
# flight, then stops). Run it with an init (`docker run --init`, compose `init: true`) so that
# processes it starts and leaves behind are reaped.
CMD ["node", "--enable-source-maps", "dist/server/index.js"]
