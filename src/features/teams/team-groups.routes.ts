import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import { identityOf } from '../../access/identity.js';
import { can } from '../../access/evaluator.js';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { teamIdInvalid, teamNotFound } from './teams.errors.js';
import { MessageResponse, TeamIdParams } from './teams.schema.js';
import { TeamGroupBody, TeamGroupDto, TeamGroupParams, TeamGroupQuery } from './team-groups.schema.js';
import type { TeamGroupsService } from './team-groups.service.js';

/** Grafana compat: the team sync API asks for teams.permissions:read/write on the team. */
const onTeam = (action: string) => (request: FastifyRequest) =>
  can(action, `teams:id:${(request.params as { id: string }).id}`);

const idErrors = { schemaErrors: { 'params.id maximum': teamNotFound, 'params.id': teamIdInvalid } };

/** Grafana's team sync API: the external groups linked to a team (/api/teams/:id/groups). */
export function registerTeamGroupsRoutes(api: Api, groups: TeamGroupsService): void {
  api.get(
    '/api/teams/:id/groups',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:read') },
      schema: { params: TeamIdParams, response: { 200: Type.Array(TeamGroupDto) } },
    },
    async (request) =>
      (await groups.list(identityOf(request), request.params.id)).map((row) => ({
        orgId: row.org_id,
        teamId: row.team_id,
        groupId: row.group_id,
      })),
  );

  api.post(
    '/api/teams/:id/groups',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:write') },
      schema: { params: TeamIdParams, body: TeamGroupBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await groups.add(identityOf(request), request.params.id, request.body.groupId);
      return message('Group added to Team');
    },
  );

  api.delete(
    '/api/teams/:id/groups',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:write') },
      schema: { params: TeamIdParams, querystring: TeamGroupQuery, response: { 200: MessageResponse } },
    },
    async (request) => {
      await groups.remove(identityOf(request), request.params.id, request.query.groupId);
      return message('Team Group removed');
    },
  );

  // Grafana compat: the path form older clients send (a DN's commas and '=' travel unescaped).
  api.delete(
    '/api/teams/:id/groups/:groupId',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:write') },
      schema: { params: TeamGroupParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await groups.remove(identityOf(request), request.params.id, request.params.groupId);
      return message('Team Group removed');
    },
  );
}
