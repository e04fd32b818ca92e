import { search as jmesSearch } from 'jmespath';
import type { GenericOAuthConfig } from '../../config/config.js';
import {
  domainNotAllowed,
  groupNotAllowed,
  invalidAttributePath,
  missingEmail,
  roleStrictViolation,
} from './oauth.errors.js';

/** What a sign-in says about the user, mapped from the provider's claims. */
export interface ExternalUserInfo {
  login: string;
  email: string;
  name: string;
  /** the org role to sync; undefined when roles are not synced (skip_org_role_sync) */
  role?: 'Viewer' | 'Editor' | 'Admin' | 'None';
  /** undefined unless allow_assign_grafana_admin: then whether the provider says GrafanaAdmin */
  isGrafanaAdmin?: boolean;
  /** from groups_attribute_path; undefined without one (team sync leaves memberships alone) */
  groups?: string[];
}

type Claims = Record<string, unknown>;

const ORG_ROLES = ['Viewer', 'Editor', 'Admin', 'None'] as const;

type MappingConfig = Pick<
  GenericOAuthConfig,
  | 'emailAttributePath'
  | 'loginAttributePath'
  | 'nameAttributePath'
  | 'roleAttributePath'
  | 'roleAttributeStrict'
  | 'allowAssignGrafanaAdmin'
  | 'skipOrgRoleSync'
  | 'groupsAttributePath'
  | 'allowedDomains'
  | 'allowedGroups'
>;

function search(data: Claims, path: string): unknown {
  try {
    return jmesSearch(data, path) as unknown;
  } catch {
    throw invalidAttributePath();
  }
}

/** A JMESPath result as a string ('' for nothing or a non-scalar). */
function searchString(data: Claims, path: string): string {
  if (!path) return '';
  const found = search(data, path);
  return typeof found === 'string' ? found.trim() : typeof found === 'number' ? String(found) : '';
}

function claim(data: Claims, name: string): string {
  const value = data[name];
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Grafana's generic OAuth mapping over the id_token's claims merged with the userinfo answer (the
 * id_token wins): email, login, name, groups and role through the configured JMESPath expressions,
 * falling back to the standard claims; then the allowed domains and groups.
 */
export function mapUserInfo(data: Claims, config: MappingConfig, defaultRole: string): ExternalUserInfo {
  const email = (searchString(data, config.emailAttributePath) || claim(data, 'email')).toLowerCase();
  if (!email) throw missingEmail();
  // Grafana compat: the login falls back to the email.
  const login =
    searchString(data, config.loginAttributePath) || claim(data, 'login') || claim(data, 'username') || email;
  const name =
    searchString(data, config.nameAttributePath) ||
    claim(data, 'name') ||
    claim(data, 'display_name') ||
    login;

  let groups: string[] = [];
  if (config.groupsAttributePath) {
    const found = search(data, config.groupsAttributePath);
    const list = Array.isArray(found) ? (found as unknown[]) : found === null ? [] : [found];
    groups = list.filter((g): g is string => typeof g === 'string' && g !== '');
  }

  const domain = email.slice(email.lastIndexOf('@') + 1);
  if (config.allowedDomains.length && !config.allowedDomains.includes(domain)) throw domainNotAllowed();
  if (config.allowedGroups.length && !groups.some((g) => config.allowedGroups.includes(g))) {
    throw groupNotAllowed();
  }

  const info: ExternalUserInfo = { login, email, name };
  if (config.groupsAttributePath) info.groups = groups;
  if (config.skipOrgRoleSync) return info;
  const found = searchString(data, config.roleAttributePath);
  const isGrafanaAdmin = config.allowAssignGrafanaAdmin && found === 'GrafanaAdmin';
  const role = isGrafanaAdmin ? 'Admin' : ORG_ROLES.find((r) => r === found);
  if (!role && config.roleAttributeStrict) throw roleStrictViolation();
  info.role = role ?? ORG_ROLES.find((r) => r === defaultRole) ?? 'Viewer';
  if (config.allowAssignGrafanaAdmin) info.isGrafanaAdmin = isGrafanaAdmin;
  return info;
}
