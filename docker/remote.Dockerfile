# One remote's own server (AREA: home, scorecard, showcase or map): its build's files, and its pages
# rendered again from the area's published content whenever it changes (shared/server/serve-remote.ts,
# with the Node bundle of its pages the build keeps in dist-server/). Build from the repository root:
#   docker build -f docker/remote.Dockerfile --build-arg AREA=showcase .
FROM node:24-bookworm-slim
ARG AREA
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-home/package.json mfe-home/
COPY mfe-scorecard/package.json mfe-scorecard/
COPY mfe-showcase/package.json mfe-showcase/
COPY mfe-map/package.json mfe-map/
COPY api/package.json api/
# tsx (a root dev dependency) runs the server's TypeScript; React renders the pages in Node.
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build -w mfe-${AREA} \
    && mkdir -p /app/mfe-${AREA}/data \
    && chown node /app/mfe-${AREA}/data
ENV NODE_ENV=production AREA=${AREA}
USER node
# The last published content and its rendering: keep it on a volume, so a restart while the API
# is down serves the last published pages.
VOLUME ["/app/mfe-${AREA}/data"]
CMD ["sh", "-c", "exec npm run serve -w mfe-$AREA"]
