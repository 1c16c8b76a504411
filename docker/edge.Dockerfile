# The nginx edge: the shell's files, and the routing of docker/nginx/edge.conf (remotes, API, pages
# to the page composer). Build from the repository root: docker build -f docker/edge.Dockerfile .
FROM node:24-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-home/package.json mfe-home/
COPY mfe-scorecard/package.json mfe-scorecard/
COPY mfe-showcase/package.json mfe-showcase/
COPY mfe-map/package.json mfe-map/
COPY api/package.json api/
RUN npm ci --no-audit --no-fund --ignore-scripts
COPY . .
RUN npm run build -w shell && mv shell/dist /site

FROM nginx:1.27-alpine
COPY docker/nginx/edge.conf /etc/nginx/conf.d/default.conf
COPY docker/nginx/cache-rules.conf docker/nginx/security-headers.conf /etc/nginx/snippets/
COPY docker/nginx/security-map.conf /etc/nginx/conf.d/security-map.conf
COPY --from=build /site /usr/share/nginx/html
