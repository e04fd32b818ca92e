import type { FeatureDeps } from '../feature.js';

/** Dashboards, folders, search, stars, tags, versions and dashboard provisioning. */
export function registerDashboards(_deps: FeatureDeps): void {}
