import { defineError } from '../../http/errors.js';

export const invalidTheme = defineError(400, 'preferences.invalid-theme', 'Invalid theme');
export const invalidTimezone = defineError(400, 'preferences.invalid-timezone', 'Invalid timezone');
export const invalidWeekStart = defineError(400, 'preferences.invalid-week-start', 'Invalid weekStart');
export const dashboardNotFound = defineError(404, 'dashboard.not-found', 'Dashboard not found');
export const teamNotFound = defineError(404, 'team.not-found', 'Team not found');
export const teamIdInvalid = defineError(400, 'team.invalid-team-id', 'teamId is invalid');
