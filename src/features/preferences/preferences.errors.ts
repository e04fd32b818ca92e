import { defineError } from '../../http/errors.js';

export const invalidTheme = defineError(400, undefined, 'Invalid theme');
export const invalidTimezone = defineError(400, undefined, 'Invalid timezone');
export const invalidWeekStart = defineError(400, undefined, 'Invalid weekStart');
export const dashboardNotFound = defineError(404, undefined, 'Dashboard not found');
export const teamNotFound = defineError(404, undefined, 'Team not found');
export const teamIdInvalid = defineError(400, undefined, 'teamId is invalid');
