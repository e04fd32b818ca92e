import { toIso } from '../../lib/clock.js';
import { avatarUrl } from '../../lib/avatar-url.js';
import { lastSeenAge } from '../../lib/last-seen-age.js';
import type { UserRow } from './users.store.js';

/** SPEC's user resource; `isGrafanaAdmin` mirrors `isServerAdmin` for Grafana clients. */
export function presentUser(user: UserRow, orgId = user.org_id, authLabels: string[] = []) {
  return {
    id: user.id,
    uid: user.uid,
    email: user.email,
    name: user.name,
    login: user.login,
    theme: user.theme,
    orgId,
    isServerAdmin: user.is_admin === 1,
    isGrafanaAdmin: user.is_admin === 1,
    isDisabled: user.is_disabled === 1,
    isExternal: user.is_external === 1,
    isExternallySynced: false,
    isGrafanaAdminExternallySynced: false,
    isProvisioned: false,
    authLabels,
    updatedAt: toIso(user.updated),
    createdAt: toIso(user.created),
    avatarUrl: avatarUrl(user.email),
  };
}

/** An item of /api/users/search (and the deprecated /api/users). */
export function presentUserHit(user: UserRow, now: number, authLabels: string[] = []) {
  return {
    id: user.id,
    uid: user.uid,
    name: user.name,
    login: user.login,
    email: user.email,
    avatarUrl: avatarUrl(user.email),
    isAdmin: user.is_admin === 1,
    isDisabled: user.is_disabled === 1,
    isProvisioned: false,
    lastSeenAt: toIso(user.last_seen_at || user.created),
    lastSeenAtAge: lastSeenAge(user.last_seen_at, now),
    authLabels,
  };
}
