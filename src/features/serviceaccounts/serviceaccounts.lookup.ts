import type { ApiKeyRow, ApiKeysStore } from './api-keys.store.js';
import { hashToken, isWellFormedToken } from './token-format.js';

export type { ApiKeyRow } from './api-keys.store.js';

/**
 * The service-accounts feature's face to its siblings: service-account tokens and API keys
 * (table api_key) are read and written only through these functions.
 */
export interface ServiceAccountsLookup {
  /** the stored token a presented token stands for; undefined when malformed or unknown */
  findToken(token: string): Promise<ApiKeyRow | undefined>;
  touchTokenLastUsed(id: number, now: number): Promise<void>;
}

export function createServiceAccountsLookup(apiKeys: ApiKeysStore): ServiceAccountsLookup {
  return {
    findToken: async (token) => (isWellFormedToken(token) ? apiKeys.findByHash(hashToken(token)) : undefined),
    touchTokenLastUsed: (id, now) => apiKeys.touchLastUsed(id, now),
  };
}
