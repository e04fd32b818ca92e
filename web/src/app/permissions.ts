import type { PermissionMap } from '../api/user.js';
import { useSession } from './session.js';

export type { PermissionMap };

/**
 * Whether a held scope covers a wanted one, with the server's rules: `*` covers everything, a
 * wildcard such as `dashboards:*` or `dashboards:uid:*` covers every scope with its prefix, and
 * an exact scope covers only itself.
 */
function covers(held: string, wanted: string): boolean {
  if (held === '' || held === '*' || held === wanted) return true;
  if (!held.endsWith('*')) return false;
  return wanted.startsWith(held.slice(0, -1));
}

/**
 * Whether the user may do `action` — on `scope` when given, on anything at all otherwise. The UI
 * hides or disables what this denies; the server still checks every call.
 */
function canWith(permissions: PermissionMap, action: string, scope?: string): boolean {
  const scopes = permissions[action];
  if (!scopes) return false;
  if (scope === undefined) return true;
  return scopes.some((held) => covers(held, scope));
}

/** `can(action, scope?)` for the signed-in user. */
export function usePermissions(): (action: string, scope?: string) => boolean {
  const { permissions } = useSession();
  return (action, scope) => canWith(permissions, action, scope);
}
