import { defineError } from '../../http/errors.js';

export const teamNotFound = defineError(404, 'team.not-found', 'Team not found');
export const teamNameTaken = defineError(409, 'team.name-taken', 'Team name taken');
export const teamIdInvalid = defineError(400, 'team.invalid-team-id', 'teamId is invalid');
export const userIdInvalid = defineError(400, 'team.invalid-user-id', 'userId is invalid');
export const userNotFound = defineError(404, 'user.not-found', 'User not found');
export const alreadyTeamMember = defineError(
  400,
  'team.already-member',
  'User is already added to this team',
);
export const teamMemberNotFound = defineError(404, 'team.member-not-found', 'Team member not found');
export const teamGroupTaken = defineError(
  400,
  'team.group-already-added',
  'Group is already added to this team',
);
export const teamGroupNotFound = defineError(404, 'team.group-not-found', 'Group not found');
