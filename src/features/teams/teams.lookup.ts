import type { TeamsStore } from './teams.store.js';

/**
 * The teams feature's face to its siblings: teams and team members (tables team, team_member)
 * are read and written only through these functions.
 */
export interface TeamsLookup {
  teamExists(orgId: number, teamId: number): Promise<boolean>;
  /** `listener` runs inside the unit of work that deletes a team (to delete what hangs on it) */
  onTeamDeleted(listener: (orgId: number, teamId: number) => Promise<void>): void;
}

export function createTeamsLookup(
  store: TeamsStore,
  deletedListeners: ((orgId: number, teamId: number) => Promise<void>)[],
): TeamsLookup {
  return {
    teamExists: (orgId, teamId) => store.exists(orgId, teamId),
    onTeamDeleted: (listener) => void deletedListeners.push(listener),
  };
}
