import { Type } from 'typebox';
import { message, type Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import type { ApiKeysService } from './api-keys.service.js';
import {
  ApiKeyCreationRemovedResponse,
  ApiKeyDto,
  ApiKeyParams,
  ListApiKeysQuery,
  MessageResponse,
} from './serviceaccounts.schema.js';
import { presentApiKey } from './serviceaccounts.present.js';

// Grafana guarded these with apikeys:read / apikeys:delete, which Grafana 12 dropped along with the
// keys themselves; svc asks for the same on every service account (Admins hold both).
const readAll = can('serviceaccounts:read', 'serviceaccounts:*');
const deleteAll = can('serviceaccounts:delete', 'serviceaccounts:*');

/** Legacy API keys: /api/auth/keys. */
export function registerApiKeyRoutes(api: Api, deps: { apiKeys: ApiKeysService }): void {
  const { apiKeys } = deps;

  api.get(
    '/api/auth/keys',
    {
      config: { permission: readAll },
      schema: { querystring: ListApiKeysQuery, response: { 200: Type.Array(ApiKeyDto) } },
    },
    async (request) =>
      (await apiKeys.list(identityOf(request), request.query.includeExpired === true)).map(presentApiKey),
  );

  api.delete(
    '/api/auth/keys/:id',
    {
      config: { permission: deleteAll },
      schema: { params: ApiKeyParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await apiKeys.delete(identityOf(request), request.params.id);
      return message('API key deleted');
    },
  );

  // Any signed-in caller learns that keys are gone and what to use instead; nothing is written.
  // It never succeeds: its one answer is the 410 error, described as such.
  api.post('/api/auth/keys', { schema: { response: { 410: ApiKeyCreationRemovedResponse } } }, () =>
    apiKeys.create(),
  );
}
