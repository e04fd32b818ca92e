import type { FeatureDeps } from '../feature.js';

/** Alert notifications: notifier catalogue, contact points, templates, policies, test endpoint and delivery history. */
export function registerAlerting(_deps: FeatureDeps): void {}
