import type { FeatureDeps } from '../feature.js';

/** Data sources: CRUD with encrypted secrets, health, query, proxy and provisioning. */
export function registerDatasources(_deps: FeatureDeps): void {}
