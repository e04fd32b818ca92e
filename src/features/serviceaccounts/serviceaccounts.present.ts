import { toIso } from '../../lib/clock.js';
import type { ApiKeyRow } from './api-keys.store.js';
import { serviceAccountAvatarUrl } from './avatar.js';
import type { ServiceAccount } from './serviceaccounts.service.js';

/** Grafana's ServiceAccountDTO (create, search, update). */
export function presentServiceAccount(account: ServiceAccount) {
  return {
    id: account.id,
    uid: account.uid,
    name: account.name,
    login: account.login,
    orgId: account.org_id,
    isDisabled: account.is_disabled === 1,
    role: account.role,
    tokens: account.tokens,
    avatarUrl: serviceAccountAvatarUrl(account.name),
  };
}

/** Grafana's ServiceAccountProfileDTO (GET /api/serviceaccounts/{id}). */
export function presentServiceAccountProfile(
  account: ServiceAccount & { accessControl: Record<string, boolean> },
) {
  return {
    ...presentServiceAccount(account),
    createdAt: toIso(account.created),
    updatedAt: toIso(account.updated),
    teams: [],
    accessControl: account.accessControl,
  };
}

/** Grafana's TokenDTO; `now` decides whether the token has expired. */
export function presentToken(token: ApiKeyRow, now: number) {
  const hasExpired = token.expires !== null && token.expires <= now;
  return {
    id: token.id,
    name: token.name,
    created: toIso(token.created),
    lastUsedAt: token.last_used_at === null ? null : toIso(token.last_used_at),
    expiration: token.expires === null ? null : toIso(token.expires),
    secondsUntilExpiration: token.expires === null || hasExpired ? 0 : (token.expires - now) / 1000,
    hasExpired,
    isRevoked: token.is_revoked === 1,
  };
}

/** Grafana's ApiKeyDTO for legacy keys; absent times are left out, as Grafana's omitempty does. */
export function presentApiKey(key: ApiKeyRow) {
  return {
    id: key.id,
    name: key.name,
    role: key.role,
    ...(key.expires === null ? {} : { expiration: toIso(key.expires) }),
    ...(key.last_used_at === null ? {} : { lastUsedAt: toIso(key.last_used_at) }),
  };
}
