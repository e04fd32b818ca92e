import type { Identity } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import type { ApiKeyRow, ApiKeysStore } from './api-keys.store.js';
import { apiKeyCreationRemoved, apiKeyNotFound } from './serviceaccounts.errors.js';

/**
 * Legacy API keys (keys without a service account, e.g. migrated from Grafana): they can be listed
 * and deleted, no longer created, and the authentication chain does not accept them.
 */
export function createApiKeysService(deps: { apiKeys: ApiKeysStore; clock: Clock }) {
  const { apiKeys, clock } = deps;
  return {
    async list(identity: Identity, includeExpired: boolean): Promise<ApiKeyRow[]> {
      const keys = await apiKeys.listLegacy(identity.orgId);
      if (includeExpired) return keys;
      // Grafana compat: expired keys are hidden unless ?includeExpired=true.
      const now = clock.now();
      return keys.filter((key) => key.expires === null || key.expires > now);
    },

    async delete(identity: Identity, id: number): Promise<void> {
      if (!(await apiKeys.deleteLegacy(identity.orgId, id))) throw apiKeyNotFound();
    },

    create(): Promise<never> {
      return Promise.reject(apiKeyCreationRemoved());
    },
  };
}

export type ApiKeysService = ReturnType<typeof createApiKeysService>;
