import { Type } from 'typebox';
import type { FastifyRequest } from 'fastify';
import type { Api } from '../../http/api.js';
import { message } from '../../http/api.js';
import { identityOf } from '../../access/identity.js';
import { paging } from '../../http/paging.js';
import { can } from '../../access/evaluator.js';
import { teamIdInvalid, teamMemberNotFound, teamNotFound, userIdInvalid } from './teams.errors.js';
import { presentTeam, presentTeamMember } from './teams.present.js';
import {
  AddMemberBody,
  CreateTeamBody,
  CreatedTeamResponse,
  MessageResponse,
  SearchTeamsQuery,
  SearchTeamsResponse,
  TeamDto,
  TeamIdParams,
  TeamMemberDto,
  TeamMemberParams,
  UserIdParams,
} from './teams.schema.js';
import type { TeamsService } from './teams.service.js';

/** `teams:<action>` on the team of the path, e.g. `teams:read` on `teams:id:7`. */
const onTeam = (action: string) => (request: FastifyRequest) =>
  can(action, `teams:id:${(request.params as { id: string }).id}`);

/** Grafana's answers for a team id, or a member's user id: 400 when not a number, 404 when too large. */
const idErrors = {
  schemaErrors: {
    'params.id maximum': teamNotFound,
    'params.id': teamIdInvalid,
    'params.userId maximum': teamMemberNotFound,
    'params.userId': userIdInvalid,
  },
};

/** /api/teams…, and the team lists of users. */
export function registerTeamsRoutes(api: Api, teams: TeamsService): void {
  api.post(
    '/api/teams',
    {
      config: { permission: can('teams:create') },
      schema: { body: CreateTeamBody, response: { 200: CreatedTeamResponse } },
    },
    async (request) => {
      const { name, email = '' } = request.body;
      const { teamId, uid } = await teams.create(identityOf(request), { name, email });
      return { message: 'Team created', teamId, uid };
    },
  );

  // Grafana compat: the route needs teams:read on any team; the list then holds the readable ones.
  api.get(
    '/api/teams/search',
    {
      config: { permission: can('teams:read') },
      schema: { querystring: SearchTeamsQuery, response: { 200: SearchTeamsResponse } },
    },
    async (request) => {
      const q = request.query;
      const { perPage, page } = paging(q);
      const { total, teams: found } = await teams.search(identityOf(request), {
        query: q.query,
        name: q.name,
        perPage,
        page,
        sort: q.sort ?? 'name-asc',
      });
      return { totalCount: total, teams: found.map(presentTeam), page, perPage };
    },
  );

  api.get(
    '/api/teams/:id',
    {
      config: { ...idErrors, permission: onTeam('teams:read') },
      schema: { params: TeamIdParams, response: { 200: TeamDto } },
    },
    async (request) => presentTeam(await teams.get(identityOf(request), request.params.id)),
  );

  api.put(
    '/api/teams/:id',
    {
      config: { ...idErrors, permission: onTeam('teams:write') },
      schema: { params: TeamIdParams, body: CreateTeamBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { name, email = '' } = request.body;
      await teams.update(identityOf(request), request.params.id, { name, email });
      return message('Team updated');
    },
  );

  api.delete(
    '/api/teams/:id',
    {
      config: { ...idErrors, permission: onTeam('teams:delete') },
      schema: { params: TeamIdParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      await teams.delete(identityOf(request), request.params.id);
      return message('Team deleted');
    },
  );

  api.get(
    '/api/teams/:id/members',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:read') },
      schema: { params: TeamIdParams, response: { 200: Type.Array(TeamMemberDto) } },
    },
    async (request) => {
      const members = await teams.members(identityOf(request), request.params.id);
      return members.map(presentTeamMember);
    },
  );

  api.post(
    '/api/teams/:id/members',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:write') },
      schema: { params: TeamIdParams, body: AddMemberBody, response: { 200: MessageResponse } },
    },
    async (request) => {
      await teams.addMember(identityOf(request), request.params.id, request.body.userId);
      return message('Member added to Team');
    },
  );

  api.delete(
    '/api/teams/:id/members/:userId',
    {
      config: { ...idErrors, permission: onTeam('teams.permissions:write') },
      schema: { params: TeamMemberParams, response: { 200: MessageResponse } },
    },
    async (request) => {
      const { id, userId } = request.params;
      await teams.removeMember(identityOf(request), id, userId);
      return message('Team Member removed');
    },
  );

  api.get('/api/user/teams', { schema: { response: { 200: Type.Array(TeamDto) } } }, async (request) =>
    (await teams.teamsOfCaller(identityOf(request))).map(presentTeam),
  );

  api.get(
    '/api/users/:user_id/teams',
    {
      config: {
        permission: (request) =>
          can('users:read', `global.users:id:${(request.params as { user_id: string }).user_id}`),
      },
      schema: { params: UserIdParams, response: { 200: Type.Array(TeamDto) } },
    },
    async (request) =>
      (await teams.teamsOfUser(identityOf(request), request.params.user_id)).map(presentTeam),
  );
}
