import { createHash } from 'node:crypto';
import type { TeamMemberDto, TeamDto } from './teams.schema.js';
import { authModuleLabel } from '../users/auth-labels.js';
import type { TeamMemberView, TeamView } from './teams.service.js';

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

export function presentTeamMember(member: TeamMemberView): TeamMemberDto {
  return {
    orgId: member.org_id,
    teamId: member.team_id,
    teamUID: member.team_uid,
    userId: member.user_id,
    userUID: member.user_uid,
    // Grafana compat: snake_case key; the user's auth module ('' for a local user).
    auth_module: member.auth_module,
    email: member.email,
    name: member.name,
    login: member.login,
    avatarUrl: avatarOf(member.email),
    // Grafana compat: a member team sync added carries its provider's label (e.g. "LDAP").
    labels: member.external === 1 && member.auth_module ? [authModuleLabel(member.auth_module)] : [],
    permission: member.permission,
  };
}
