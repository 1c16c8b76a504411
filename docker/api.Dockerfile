# The API. Build from the repository root: docker build -f docker/api.Dockerfile .

# Dependencies, in a stage of their own: better-sqlite3 (the embedded store) is a native module.
# Its install script downloads a prebuilt binary, or compiles SQLite and the binding with
# node-gyp when it cannot, which needs python3, make and g++; none of them reach the final image.
FROM node:20-bookworm-slim AS dependencies
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-home/package.json mfe-home/
COPY mfe-scorecard/package.json mfe-scorecard/
COPY mfe-showcase/package.json mfe-showcase/
COPY mfe-map/package.json mfe-map/
COPY api/package.json api/
# tsx (a root dev dependency) runs the TypeScript sources, as npm start does.
RUN npm ci --no-audit --no-fund

# The same base image, so the compiled module matches its Node exactly.
FROM node:20-bookworm-slim
WORKDIR /app
COPY --from=dependencies /app ./
COPY shared shared
COPY api api
ENV NODE_ENV=production DATA_DIR=/data TRUST_PROXY=1
USER node
EXPOSE 5555
CMD ["npm", "run", "start", "-w", "api"]
