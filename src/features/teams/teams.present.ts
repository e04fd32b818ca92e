import { createHash } from 'node:crypto';
import type { TeamMemberDto, TeamDto } from './teams.schema.js';
import type { TeamView } from './teams.service.js';
import type { TeamMemberRow } from './teams.store.js';

const avatarOf = (text: string) =>
  `/avatar/${createHash('md5').update(text.trim().toLowerCase()).digest('hex')}`;

/**
 * Grafana compat: a team without an email gets the avatar of "<name without non-alphanumerics>@localhost"
 * (GetGravatarUrlWithDefault), so its picture is stable and distinct per name.
 */
function teamAvatarUrl(email: string, name: string): string {
  return email ? avatarOf(email) : avatarOf(`${name.replace(/[^a-zA-Z0-9]+/g, '')}@localhost`);
}

export function presentTeam(team: TeamView): TeamDto {
  return {
    id: team.id,
    uid: team.uid,
    orgId: team.org_id,
    name: team.name,
    email: team.email,
    avatarUrl: teamAvatarUrl(team.email, team.name),
    memberCount: team.member_count,
    permission: team.caller_permission,
  };
}

export function presentTeamMember(member: TeamMemberRow): TeamMemberDto {
  return {
    orgId: member.org_id,
    teamId: member.team_id,
    teamUID: member.team_uid,
    userId: member.user_id,
    userUID: member.user_uid,
    // Grafana compat: snake_case key; local users have no auth module.
    auth_module: '',
    email: member.email,
    name: member.name,
    login: member.login,
    avatarUrl: avatarOf(member.email),
    labels: [],
    permission: member.permission,
  };
}
