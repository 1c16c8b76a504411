# The API. Build from the repository root: docker build -f docker/api.Dockerfile .

# Dependencies, in a stage of their own so that a change of code reuses the installed layer.
# better-sqlite3 (the embedded store) ships its Node-API binaries in the package: nothing compiles.
FROM node:24-bookworm-slim AS dependencies
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
RUN npm ci --no-audit --no-fund --ignore-scripts

FROM node:24-bookworm-slim
WORKDIR /app
COPY --from=dependencies /app ./
COPY shared shared
COPY api api
ENV NODE_ENV=production DATA_DIR=/data TRUST_PROXY=1
USER node
EXPOSE 5555
CMD ["npm", "run", "start", "-w", "api"]
