import type { FeatureDeps } from '../feature.js';

/** /avatar/{hash}, generated locally. */
export function registerAvatar(_deps: FeatureDeps): void {}
