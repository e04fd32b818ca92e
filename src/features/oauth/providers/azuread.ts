import type { GenericOAuthConfig } from '../../../config/config.js';
import { idTokenMissing, tenantMismatch } from '../oauth.errors.js';
import { text, type Claims, type OAuthProvider } from './provider.js';

const AUTHORIZE_PATH = '/oauth2/v2.0/authorize';
/** Entra ID's tenants that stand for many: each user's tokens name their own tenant as issuer. */
const MULTI_TENANT = new Set(['common', 'organizations', 'consumers']);
/** Grafana compat: the first app role found in this order wins (case-insensitive). */
const ROLE_ORDER = ['GrafanaAdmin', 'Admin', 'Editor', 'Viewer', 'None'];
/** where the preset puts the app role it found, for the shared mapping to read */
const APP_ROLE_CLAIM = 'svc_app_role';

function appRole(claims: Claims): string {
  const roles = Array.isArray(claims.roles)
    ? (claims.roles as unknown[]).map((r) => text(r).toLowerCase())
    : [];
  return ROLE_ORDER.find((role) => roles.includes(role.toLowerCase())) ?? '';
}

/**
 * `[auth.azuread]` (Microsoft Entra ID, OpenID Connect): everything comes from the id_token, whose
 * signature, audience and expiry are checked: login and email are `email` (else
 * `preferred_username`), the id is `oid`, the org role is the first of the app roles (`roles`)
 * GrafanaAdmin, Admin, Editor, Viewer, None, groups are `groups`, and with `allowed_organizations`
 * the tenant (`tid`) must be one of them. The keys are the tenant's `discovery/v2.0/keys`; a
 * multi-tenant app (`common`, `organizations`) uses Entra's discovery, whose issuer names each tenant.
 */
export const azureadProvider: OAuthProvider = {
  key: 'azuread',
  label: 'AzureAD',
  icon: 'microsoft',
  userinfo: false,
  resolve(settings: GenericOAuthConfig): GenericOAuthConfig {
    if (!settings.authUrl.endsWith(AUTHORIZE_PATH)) return settings;
    const tenantBase = settings.authUrl.slice(0, -AUTHORIZE_PATH.length);
    const tenant = tenantBase.slice(tenantBase.lastIndexOf('/') + 1);
    if (MULTI_TENANT.has(tenant) && !settings.issuer && !settings.jwkSetUrl) {
      // An empty token_url makes auth_url the issuer to discover (see oidc-client.ts).
      return { ...settings, authUrl: `${tenantBase}/v2.0`, tokenUrl: '' };
    }
    return {
      ...settings,
      issuer: settings.issuer || `${tenantBase}/v2.0`,
      jwkSetUrl: settings.jwkSetUrl || `${tenantBase}/discovery/v2.0/keys`,
    };
  },
  mapping: {
    loginAttributePath: 'email || preferred_username',
    emailAttributePath: 'email || preferred_username',
    nameAttributePath: 'name',
    roleAttributePath: APP_ROLE_CLAIM,
    groupsAttributePath: 'groups',
  },
  // eslint-disable-next-line @typescript-eslint/require-await
  async claims(claims, { settings }) {
    if (typeof claims.iss !== 'string') throw idTokenMissing();
    if (settings.allowedOrganizations.length && !settings.allowedOrganizations.includes(text(claims.tid))) {
      throw tenantMismatch();
    }
    return { ...claims, [APP_ROLE_CLAIM]: appRole(claims) };
  },
  subject: (claims) => claims.oid ?? claims.sub,
};
