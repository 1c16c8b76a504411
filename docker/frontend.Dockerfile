# One image per front-end deployable: PACKAGE is shell, mfe-home, mfe-scorecard, mfe-showcase or mfe-map.
# Build from the repository root: docker build -f docker/frontend.Dockerfile --build-arg PACKAGE=mfe-home .
FROM node:20-bookworm-slim AS build
ARG PACKAGE
WORKDIR /app
COPY package.json package-lock.json ./
COPY shared/package.json shared/
COPY shell/package.json shell/
COPY mfe-home/package.json mfe-home/
COPY mfe-scorecard/package.json mfe-scorecard/
COPY mfe-showcase/package.json mfe-showcase/
COPY mfe-map/package.json mfe-map/
COPY api/package.json api/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w ${PACKAGE} && mv ${PACKAGE}/dist /site

FROM nginx:1.27-alpine
ARG PACKAGE
ARG NGINX_CONF=remote.conf
COPY docker/nginx/${NGINX_CONF} /etc/nginx/conf.d/default.conf
COPY docker/nginx/cache-rules.conf docker/nginx/security-headers.conf /etc/nginx/snippets/
COPY docker/nginx/security-map.conf /etc/nginx/conf.d/security-map.conf
COPY --from=build /site /usr/share/nginx/html
