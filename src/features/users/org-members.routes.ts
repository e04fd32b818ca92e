import type { Api } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import type { OrgsLookup } from '../orgs/orgs.lookup.js';
import { AddedMemberResponse, AddMemberBody, OrgIdParams } from '../orgs/orgs.schema.js';
import type { UsersStore } from './users.store.js';

/**
 * Adding an existing user, found by login or email, to the current org (/api/org/users) or to any
 * org (/api/orgs/:org_id/users): this feature finds the user, the orgs feature checks and adds it.
 */
export function registerOrgMembersRoutes(api: Api, deps: { orgs: OrgsLookup; users: UsersStore }): void {
  const { orgs, users } = deps;
  const findUser = (loginOrEmail: string, orgId: number) => async () =>
    (await users.findByLoginOrEmail(loginOrEmail, orgId))?.id;

  api.post(
    '/api/org/users',
    {
      config: { permission: can('org.users:add', 'users:*') },
      schema: { body: AddMemberBody, response: { 200: AddedMemberResponse } },
    },
    async (request) => {
      const identity = identityOf(request);
      const userId = await orgs.addMemberFoundBy(
        identity,
        identity.orgId,
        request.body.role,
        findUser(request.body.loginOrEmail, identity.orgId),
      );
      return { message: 'User added to organization', userId };
    },
  );

  api.post(
    '/api/orgs/:org_id/users',
    {
      config: { orgParam: 'org_id', permission: can('org.users:add', 'users:*') },
      schema: { params: OrgIdParams, body: AddMemberBody, response: { 200: AddedMemberResponse } },
    },
    async (request) => {
      const userId = await orgs.addMemberFoundBy(
        identityOf(request),
        request.params.org_id,
        request.body.role,
        findUser(request.body.loginOrEmail, request.params.org_id),
      );
      return { message: 'User added to organization', userId };
    },
  );
}
