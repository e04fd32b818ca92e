import type { DashboardsLookup } from '../dashboards/dashboards.lookup.js';
import type { FeatureDeps } from '../feature.js';
import { registerAnnotationsRoutes } from './annotations.routes.js';
import { createAnnotationsService } from './annotations.service.js';
import { createAnnotationsStore } from './annotations.store.js';

/**
 * Annotations (/api/annotations…): organization annotations and annotations of dashboards. A
 * dashboard's annotations are deleted with it by the foreign key of annotation.dashboard_id.
 */
export function registerAnnotations(deps: FeatureDeps, dashboards: DashboardsLookup): void {
  registerAnnotationsRoutes(
    deps.api,
    createAnnotationsService({ store: createAnnotationsStore(deps.db), dashboards, clock: deps.clock }),
  );
}
