import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../http/identity.js';
import { can, type Evaluator } from '../rbac/evaluator.js';
import { teamIdInvalid, teamNotFound } from './preferences.errors.js';
import { PreferencesBody, PreferencesDto, TeamIdParams } from './preferences.schema.js';
import type { PreferencesService } from './preferences.service.js';
import type { PreferencesOwner } from './preferences.store.js';

const MAX_ID = 2_147_483_647;

/** One preferences resource: who owns it, and what reading and writing it need. */
interface Resource {
  path: string;
  owner: (request: FastifyRequest) => PreferencesOwner;
  read?: Evaluator | ((request: FastifyRequest) => Evaluator);
  write?: Evaluator | ((request: FastifyRequest) => Evaluator);
  params?: typeof TeamIdParams;
}

function teamIdOf(request: FastifyRequest): number {
  const text = (request.params as { id: string }).id;
  if (!/^\d+$/.test(text)) throw teamIdInvalid();
  const id = Number(text);
  if (id < 1 || id > MAX_ID) throw teamNotFound();
  return id;
}

const onTeam = (action: string) => (request: FastifyRequest) =>
  can(action, `teams:id:${(request.params as { id: string }).id}`);

const RESOURCES: Resource[] = [
  {
    path: '/api/user/preferences',
    owner: (request) => {
      const identity = identityOf(request);
      return { orgId: identity.orgId, userId: identity.userId, teamId: 0 };
    },
  },
  {
    path: '/api/org/preferences',
    owner: (request) => ({ orgId: identityOf(request).orgId, userId: 0, teamId: 0 }),
    read: can('orgs.preferences:read'),
    write: can('orgs.preferences:write'),
  },
  {
    path: '/api/teams/:id/preferences',
    owner: (request) => ({ orgId: identityOf(request).orgId, userId: 0, teamId: teamIdOf(request) }),
    read: onTeam('teams:read'),
    write: onTeam('teams:write'),
    params: TeamIdParams,
  },
];

/** GET, PUT (replace) and PATCH (merge) of user, org and team preferences. */
export function registerPreferencesRoutes(api: Api, preferences: PreferencesService): void {
  for (const resource of RESOURCES) {
    const params = resource.params ? { params: resource.params } : {};
    api.get(
      resource.path,
      { config: { permission: resource.read }, schema: { ...params, response: { 200: PreferencesDto } } },
      (request) => preferences.get(resource.owner(request)),
    );
    api.put(
      resource.path,
      { config: { permission: resource.write }, schema: { ...params, body: PreferencesBody } },
      async (request) => {
        await preferences.replace(resource.owner(request), request.body);
        return message('Preferences updated');
      },
    );
    api.patch(
      resource.path,
      { config: { permission: resource.write }, schema: { ...params, body: PreferencesBody } },
      async (request) => {
        await preferences.patch(resource.owner(request), request.body);
        return message('Preferences updated');
      },
    );
  }
}
