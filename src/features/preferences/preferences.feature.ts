import type { FeatureDeps } from '../feature.js';

/** User, team and org preferences. */
export function registerPreferences(_deps: FeatureDeps): void {}
