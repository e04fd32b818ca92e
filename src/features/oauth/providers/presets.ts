import type { OAuthPresetKey } from '../../../config/config.js';
import { azureadProvider } from './azuread.js';
import { githubProvider } from './github.js';
import { gitlabProvider } from './gitlab.js';
import { googleProvider } from './google.js';
import { oktaProvider } from './okta.js';
import type { OAuthProvider } from './provider.js';

/** The named providers by their `[auth.<key>]` section (Keycloak and others are generic_oauth). */
export const PRESETS: Record<OAuthPresetKey, OAuthProvider> = {
  github: githubProvider,
  gitlab: gitlabProvider,
  google: googleProvider,
  azuread: azureadProvider,
  okta: oktaProvider,
};
