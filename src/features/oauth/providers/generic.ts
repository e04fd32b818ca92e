import type { OAuthProvider } from './provider.js';

/** `[auth.generic_oauth]`: every attribute through the operator's JMESPath expressions. */
export const genericProvider: OAuthProvider = {
  key: 'generic_oauth',
  label: 'Generic OAuth',
  icon: 'signin',
};
