# The API. Build from the repository root: docker build -f docker/api.Dockerfile .
FROM node:20-bookworm-slim
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
COPY shared shared
COPY api api
ENV NODE_ENV=production DATA_DIR=/data TRUST_PROXY=1
USER node
EXPOSE 5555
CMD ["npm", "run", "start", "-w", "api"]
