import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { can, type Evaluator } from '../../access/evaluator.js';
import { teamIdInvalid, teamNotFound } from './preferences.errors.js';
import { MessageResponse, PreferencesBody, PreferencesDto, TeamIdParams } from './preferences.schema.js';
import type { PreferencesService } from './preferences.service.js';
import type { PreferencesOwner } from './preferences.store.js';

/** One preferences resource: who owns it, and what reading and writing it need. */
interface Resource {
  path: string;
  owner: (request: FastifyRequest) => PreferencesOwner;
  read?: Evaluator | ((request: FastifyRequest) => Evaluator);
  write?: Evaluator | ((request: FastifyRequest) => Evaluator);
  params?: typeof TeamIdParams;
}

/** The team of the path (a number the team id column holds: the schema checked it). */
const teamIdOf = (request: FastifyRequest) => (request.params as { id: number }).id;

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
    // Grafana's answers for a team id: 400 when not a number, 404 when too large to exist.
    const schemaErrors = resource.params
      ? { 'params.id maximum': teamNotFound, 'params.id': teamIdInvalid }
      : undefined;
    api.get(
      resource.path,
      {
        config: { permission: resource.read, schemaErrors },
        schema: { ...params, response: { 200: PreferencesDto } },
      },
      (request) => preferences.get(resource.owner(request)),
    );
    api.put(
      resource.path,
      {
        config: { permission: resource.write, schemaErrors },
        schema: { ...params, body: PreferencesBody, response: { 200: MessageResponse } },
      },
      async (request) => {
        await preferences.replace(resource.owner(request), request.body);
        return message('Preferences updated');
      },
    );
    api.patch(
      resource.path,
      {
        config: { permission: resource.write, schemaErrors },
        schema: { ...params, body: PreferencesBody, response: { 200: MessageResponse } },
      },
      async (request) => {
        await preferences.patch(resource.owner(request), request.body);
        return message('Preferences updated');
      },
    );
  }
}
