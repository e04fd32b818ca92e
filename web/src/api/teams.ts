/** Teams of the current organization and their members. */
import type { Static } from '@fastify/type-provider-typebox';
import type {
  CreateTeamBody,
  SearchTeamsResponse,
  TeamDto,
  TeamMemberDto,
} from '../../../src/features/teams/teams.schema.js';
import { del, get, post, put, seg } from './client.js';
import { pageQuery, type PageParams } from './paging.js';

export type Team = TeamDto;
export type TeamSearch = Static<typeof SearchTeamsResponse>;
/** `permission`: 4 team admin, 0 member */
export type TeamMember = TeamMemberDto;

export const searchTeams = (page: PageParams, signal?: AbortSignal) =>
  get<TeamSearch>(`/api/teams/search${pageQuery(page)}`, signal);
export const teamById = (id: string | number, signal?: AbortSignal) =>
  get<Team>(`/api/teams/${seg(id)}`, signal);
export const createTeam = (body: CreateTeamBody) => post<{ teamId: number }>('/api/teams', body);
export const updateTeam = (id: number, body: CreateTeamBody) => put(`/api/teams/${id}`, body);
export const deleteTeam = (id: number) => del(`/api/teams/${id}`);

export const teamMembers = (id: number, signal?: AbortSignal) =>
  get<TeamMember[]>(`/api/teams/${id}/members`, signal);
export const addTeamMember = (id: number, userId: number) => post(`/api/teams/${id}/members`, { userId });
export const removeTeamMember = (id: number, userId: number) => del(`/api/teams/${id}/members/${userId}`);
