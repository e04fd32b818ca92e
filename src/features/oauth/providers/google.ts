import { emailNotVerified, hostedDomainNotAllowed } from '../oauth.errors.js';
import { text, type OAuthProvider } from './provider.js';

/**
 * `[auth.google]` (OpenID Connect): login and email are the verified email; with `allowed_domains`
 * the id_token's `hd` (the Google Workspace domain) must be one of them too, so a personal account
 * with an address in that domain is refused.
 */
export const googleProvider: OAuthProvider = {
  key: 'google',
  label: 'Google',
  icon: 'google',
  mapping: {
    loginAttributePath: 'email',
    emailAttributePath: 'email',
    nameAttributePath: 'name',
    groupsAttributePath: '',
  },
  // eslint-disable-next-line @typescript-eslint/require-await
  async claims(claims, { settings }) {
    if (claims.email_verified !== true) throw emailNotVerified();
    if (settings.allowedDomains.length && !settings.allowedDomains.includes(text(claims.hd).toLowerCase())) {
      throw hostedDomainNotAllowed();
    }
    return claims;
  },
};
