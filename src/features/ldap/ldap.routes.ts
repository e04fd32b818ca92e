import { message, type Api } from '../../http/api.js';
import { can } from '../../access/evaluator.js';
import {
  LdapMessageResponse,
  LdapStatusResponse,
  LdapUsernameParams,
  LdapUserParams,
  LdapUserResponse,
} from './ldap.schema.js';
import type { LdapService } from './ldap.service.js';

/** Grafana's LDAP admin API (/api/admin/ldap…), for holders of the fixed:ldap:writer actions. */
export function registerLdapRoutes(api: Api, deps: { ldap: LdapService }): void {
  const { ldap } = deps;

  api.get(
    '/api/admin/ldap/status',
    { config: { permission: can('ldap.status:read') }, schema: { response: { 200: LdapStatusResponse } } },
    () => ldap.status(),
  );

  api.post(
    '/api/admin/ldap/reload',
    { config: { permission: can('ldap.config:reload') }, schema: { response: { 200: LdapMessageResponse } } },
    async () => {
      await ldap.reload();
      return message('LDAP config reloaded');
    },
  );

  api.post(
    '/api/admin/ldap/sync/:user_id',
    {
      config: { permission: can('ldap.user:sync') },
      schema: { params: LdapUserParams, response: { 200: LdapMessageResponse } },
    },
    async (request) => {
      await ldap.syncUser(request.params.user_id);
      return message('User synced successfully');
    },
  );

  api.get(
    '/api/admin/ldap/:username',
    {
      config: { permission: can('ldap.user:read') },
      schema: { params: LdapUsernameParams, response: { 200: LdapUserResponse } },
    },
    (request) => ldap.lookup(request.params.username),
  );
}
