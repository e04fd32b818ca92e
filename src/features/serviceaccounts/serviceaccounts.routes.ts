import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { message, type Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import type { Clock } from '../../lib/clock.js';
import { can } from '../../access/evaluator.js';
import {
  CreateServiceAccountBody,
  CreateTokenBody,
  MessageResponse,
  NewTokenResponse,
  SearchQuery,
  ServiceAccountDto,
  ServiceAccountParams,
  ServiceAccountProfileDto,
  ServiceAccountsPage,
  TokenDto,
  TokenParams,
  UpdatedServiceAccountResponse,
  UpdateServiceAccountBody,
} from './serviceaccounts.schema.js';
import {
  presentServiceAccount,
  presentServiceAccountProfile,
  presentToken,
} from './serviceaccounts.present.js';
import { serviceAccountScope, type ServiceAccountsService } from './serviceaccounts.service.js';

/** `<action>` on the service account named by the path (Grafana's serviceaccounts:id:<id>). */
const onAccount = (action: string) => (request: FastifyRequest) =>
  can(action, serviceAccountScope((request.params as { serviceAccountId: string }).serviceAccountId));

/** /api/serviceaccounts… and their tokens. */
export function registerServiceAccountRoutes(
  api: Api,
  deps: { serviceAccounts: ServiceAccountsService; clock: Clock },
): void {
  const { serviceAccounts, clock } = deps;

  api.get(
    '/api/serviceaccounts/search',
    {
      config: { permission: can('serviceaccounts:read') },
      schema: { querystring: SearchQuery, response: { 200: ServiceAccountsPage } },
    },
    async (request) => {
      const result = await serviceAccounts.search(identityOf(request), request.query);
      return { ...result, serviceAccounts: result.serviceAccounts.map(presentServiceAccount) };
    },
  );

  api.post(
    '/api/serviceaccounts',
    {
      config: { permission: can('serviceaccounts:create') },
      schema: { body: CreateServiceAccountBody, response: { 201: ServiceAccountDto } },
    },
    async (request, reply) => {
      const account = await serviceAccounts.create(identityOf(request), request.body);
      return reply.code(201).send(presentServiceAccount(account));
    },
  );

  api.get(
    '/api/serviceaccounts/:serviceAccountId',
    {
      config: { permission: onAccount('serviceaccounts:read') },
      schema: { params: ServiceAccountParams, response: { 200: ServiceAccountProfileDto } },
    },
    async (request) =>
      presentServiceAccountProfile(
        await serviceAccounts.get(identityOf(request), request.params.serviceAccountId),
      ),
  );

  api.patch(
    '/api/serviceaccounts/:serviceAccountId',
    {
      config: { permission: onAccount('serviceaccounts:write') },
      schema: {
        params: ServiceAccountParams,
        body: UpdateServiceAccountBody,
        response: { 200: UpdatedServiceAccountResponse },
      },
    },
    async (request) => {
      const account = await serviceAccounts.update(
        identityOf(request),
        request.params.serviceAccountId,
        request.body,
      );
      return {
        message: 'Service account updated',
        id: account.id,
        name: account.name,
        serviceaccount: presentServiceAccount(account),
      };
    },
  );

  api.delete(
    '/api/serviceaccounts/:serviceAccountId',
    {
      config: { permission: onAccount('serviceaccounts:delete') },
      schema: { params: ServiceAccountParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await serviceAccounts.delete(identityOf(request), request.params.serviceAccountId);
      return message('Service account deleted');
    },
  );

  api.get(
    '/api/serviceaccounts/:serviceAccountId/tokens',
    {
      config: { permission: onAccount('serviceaccounts:read') },
      schema: { params: ServiceAccountParams, response: { 200: Type.Array(TokenDto) } },
    },
    async (request) => {
      const tokens = await serviceAccounts.listTokens(identityOf(request), request.params.serviceAccountId);
      const now = clock.now();
      return tokens.map((token) => presentToken(token, now));
    },
  );

  api.post(
    '/api/serviceaccounts/:serviceAccountId/tokens',
    {
      config: { permission: onAccount('serviceaccounts:write') },
      schema: { params: ServiceAccountParams, body: CreateTokenBody, response: { 200: NewTokenResponse } },
    },
    (request) =>
      serviceAccounts.createToken(identityOf(request), request.params.serviceAccountId, request.body),
  );

  api.delete(
    '/api/serviceaccounts/:serviceAccountId/tokens/:tokenId',
    {
      config: { permission: onAccount('serviceaccounts:write') },
      schema: { params: TokenParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { serviceAccountId, tokenId } = request.params;
      await serviceAccounts.deleteToken(identityOf(request), serviceAccountId, tokenId);
      return message('Service account token deleted');
    },
  );
}
