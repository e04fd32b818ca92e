import { toIso } from '../../lib/clock.js';
import { avatarUrl } from './avatar-url.js';
import type { UserRow } from './users.store.js';

/** SPEC's user resource; `isGrafanaAdmin` mirrors `isServerAdmin` for Grafana clients. */
export function presentUser(user: UserRow, orgId = user.org_id) {
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
    authLabels: [] as string[],
    updatedAt: toIso(user.updated),
    createdAt: toIso(user.created),
    avatarUrl: avatarUrl(user.email),
  };
}

/** Grafana's "x minutes" style age of the last activity. */
export function lastSeenAge(lastSeenAt: number, now: number): string {
  if (!lastSeenAt) return '10 years';
  const minutes = Math.max(0, Math.floor((now - lastSeenAt) / 60_000));
  if (minutes < 1) return '< 1 minute';
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} ${hours === 1 ? 'hour' : 'hours'}`;
  const days = Math.floor(hours / 24);
  if (days < 30) return `${days} ${days === 1 ? 'day' : 'days'}`;
  const months = Math.floor(days / 30);
  if (months < 12) return `${months} ${months === 1 ? 'month' : 'months'}`;
  const years = Math.floor(days / 365);
  return `${years} ${years === 1 ? 'year' : 'years'}`;
}

/** An item of /api/users/search (and the deprecated /api/users). */
export function presentUserHit(user: UserRow, now: number) {
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
    authLabels: [] as string[],
  };
}
