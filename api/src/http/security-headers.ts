import type { RequestHandler } from 'express';
import { assetHeaders } from '@wpc/shared/server/security-headers.cjs';
import type { ApiConfig } from '../config';

/**
 * The site's one policy for everything that is not a page (shared/server/security-headers.cjs,
 * which both edges send too): nothing may load, nothing may frame it (frame-ancestors 'none',
 * DENY). HSTS only when the deployment is served over https (NODE_ENV=production and an https
 * SITE_ORIGIN), never because a request's header says so. The same on every response, so the
 * headers are worked out once.
 */
export function securityHeaders(config: Pick<ApiConfig, 'nodeEnv' | 'siteOrigin'>): RequestHandler {
  const headers = Object.entries(assetHeaders({ secure: servedOverHttps(config) }));
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

/** Whether the deployment's public origin is https, in production: its settings decide, not a client. */
export const servedOverHttps = (config: Pick<ApiConfig, 'nodeEnv' | 'siteOrigin'>) =>
  config.nodeEnv === 'production' && config.siteOrigin.startsWith('https:');
