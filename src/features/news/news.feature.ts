import { createEgressGuard } from '../datasources/plugins/index.js';
import type { FeatureDeps } from '../feature.js';
import { registerNewsRoutes } from './news.routes.js';

/**
 * GET /api/news: the news panel's RSS/Atom feed, fetched by the server because the page's CSP
 * lets the browser talk to svc only. The same egress rule as data sources applies.
 */
export function registerNews(deps: FeatureDeps): void {
  registerNewsRoutes(deps.api, createEgressGuard(deps.config.security.dataSourceProxyWhitelist));
}
