import { Type, type Static } from 'typebox';
import { PagingQuery } from '../../http/paging.js';
import { Id, LIMITS, Text } from '../../lib/limits.js';

export const TeamIdParams = Type.Object({ id: Id() });
export const TeamMemberParams = Type.Object({ id: Id(), userId: Id() });
/** a user id or uid */
export const UserIdParams = Type.Object({ user_id: Type.String() });

/** The body of POST /api/teams and of PUT /api/teams/:id. */
export const CreateTeamBody = Type.Object({
  name: Text(LIMITS.team.name, { minLength: 1 }),
  email: Type.Optional(Text(LIMITS.team.email)),
});
export type CreateTeamBody = Static<typeof CreateTeamBody>;

export const AddMemberBody = Type.Object({ userId: Id({ minimum: 1 }) });

export const TEAM_SORTS = [
  'name-asc',
  'name-desc',
  'email-asc',
  'email-desc',
  'memberCount-asc',
  'memberCount-desc',
] as const;
export type TeamSort = (typeof TEAM_SORTS)[number];

export const SearchTeamsQuery = Type.Object({
  query: Type.Optional(Type.String()),
  name: Type.Optional(Type.String()),
  ...PagingQuery,
  sort: Type.Optional(Type.Union(TEAM_SORTS.map((s) => Type.Literal(s)))),
});
export type SearchTeamsQuery = Static<typeof SearchTeamsQuery>;

export const TeamDto = Type.Object({
  id: Type.Integer(),
  uid: Type.String(),
  orgId: Type.Integer(),
  name: Type.String(),
  email: Type.String(),
  avatarUrl: Type.String(),
  memberCount: Type.Integer(),
  permission: Type.Integer(),
});
export type TeamDto = Static<typeof TeamDto>;

export const TeamMemberDto = Type.Object({
  orgId: Type.Integer(),
  teamId: Type.Integer(),
  teamUID: Type.String(),
  userId: Type.Integer(),
  userUID: Type.String(),
  auth_module: Type.String(),
  email: Type.String(),
  name: Type.String(),
  login: Type.String(),
  avatarUrl: Type.String(),
  labels: Type.Array(Type.String()),
  permission: Type.Integer(),
});
export type TeamMemberDto = Static<typeof TeamMemberDto>;

export const SearchTeamsResponse = Type.Object({
  totalCount: Type.Integer(),
  teams: Type.Array(TeamDto),
  page: Type.Integer(),
  perPage: Type.Integer(),
});

/** `{message}`: the answer of the team writes that create nothing. */
export const MessageResponse = Type.Object({ message: Type.String() });

/** POST /api/teams: the new team's id and uid. */
export const CreatedTeamResponse = Type.Object({
  message: Type.String(),
  teamId: Type.Integer(),
  uid: Type.String(),
});
