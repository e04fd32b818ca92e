import type { FeatureDeps } from '../feature.js';

/** Service accounts, their tokens and the legacy API key endpoints. */
export function registerServiceAccounts(_deps: FeatureDeps): void {}
