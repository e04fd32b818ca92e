import type { FeatureDeps } from '../feature.js';

/** Teams and team members (/api/teams…). */
export function registerTeams(_deps: FeatureDeps): void {}
