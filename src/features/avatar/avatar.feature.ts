import type { FeatureDeps } from '../feature.js';
import { registerAvatarRoutes } from './avatar.routes.js';

/** /avatar/{hash}, generated locally: svc never reaches out to an avatar service. */
export function registerAvatar(deps: FeatureDeps): void {
  registerAvatarRoutes(deps.api);
}
