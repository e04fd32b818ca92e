import { defineError } from '../../http/errors.js';

export const teamNotFound = defineError(404, undefined, 'Team not found');
export const teamNameTaken = defineError(409, undefined, 'Team name taken');
export const teamIdInvalid = defineError(400, undefined, 'teamId is invalid');
export const userIdInvalid = defineError(400, undefined, 'userId is invalid');
export const userNotFound = defineError(404, undefined, 'User not found');
export const alreadyTeamMember = defineError(400, undefined, 'User is already added to this team');
export const teamMemberNotFound = defineError(404, undefined, 'Team member not found');
