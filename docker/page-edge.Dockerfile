# The page composer: the node edge (shell/server/edge.ts) that answers page requests with the
# shell's prerendered document and the owning remote's prerendered fragment. nginx (edge.conf)
# sends it every request that is not a file. Build from the repository root:
#   docker build -f docker/page-edge.Dockerfile .
FROM node:24-bookworm-slim
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-home/package.json mfe-home/
COPY mfe-scorecard/package.json mfe-scorecard/
COPY mfe-showcase/package.json mfe-showcase/
COPY mfe-map/package.json mfe-map/
COPY api/package.json api/
# tsx (a root dev dependency) runs the edge's TypeScript, as npm start does.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
# The same deterministic build as the nginx edge's copy of the shell.
RUN npm run build -w shell
ENV NODE_ENV=production EDGE_PORT=3000 \
    MFE_HOME_ORIGIN=http://mfe-home:3001 MFE_SCORECARD_ORIGIN=http://mfe-scorecard:3002 \
    MFE_SHOWCASE_ORIGIN=http://mfe-showcase:3003 MFE_MAP_ORIGIN=http://mfe-map:3004
USER node
EXPOSE 3000
CMD ["npm", "run", "serve", "-w", "shell"]
