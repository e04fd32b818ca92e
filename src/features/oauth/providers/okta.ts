import type { GenericOAuthConfig } from '../../../config/config.js';
import { text, type OAuthProvider } from './provider.js';

/**
 * `[auth.okta]` (OpenID Connect): login and email are the email (else `preferred_username`),
 * groups the `groups` claim. The id_token's issuer and keys follow from `auth_url`: the org
 * authorization server (`https://<org>.okta.com/oauth2/v1/authorize`) or a custom one
 * (`…/oauth2/<server>/v1/authorize`).
 */
export const oktaProvider: OAuthProvider = {
  key: 'okta',
  label: 'Okta',
  icon: 'okta',
  resolve(settings: GenericOAuthConfig): GenericOAuthConfig {
    const base = settings.authUrl.replace(/\/v1\/authorize\/?$/, '');
    if (base === settings.authUrl) return settings;
    const issuer = settings.issuer || (base.endsWith('/oauth2') ? new URL(base).origin : base);
    return { ...settings, issuer, jwkSetUrl: settings.jwkSetUrl || `${base}/v1/keys` };
  },
  mapping: {
    loginAttributePath: 'email || preferred_username',
    emailAttributePath: 'email || preferred_username',
    nameAttributePath: 'name',
    groupsAttributePath: 'groups',
  },
  // eslint-disable-next-line @typescript-eslint/require-await
  async claims(claims) {
    return { ...claims, name: text(claims.name) };
  },
};
