import type { Db } from '../../store/database.js';
import { createPreferencesStore } from './preferences.store.js';

/**
 * The home dashboard uid that applies to a user in an org: their own preference, else one of their
 * teams' (the lowest team id wins), else the org's, else '' (the default home).
 */
export async function resolveHomeDashboardUid(
  db: Db,
  target: { userId: number; orgId: number },
): Promise<string> {
  const candidates = await createPreferencesStore(db).homeDashboardCandidates(target.orgId, target.userId);
  const own = candidates.find((c) => c.user_id === target.userId && c.team_id === 0);
  if (own) return own.home_dashboard_uid;
  const team = candidates.filter((c) => c.team_id !== 0).sort((a, b) => a.team_id - b.team_id)[0];
  if (team) return team.home_dashboard_uid;
  return candidates.find((c) => c.user_id === 0 && c.team_id === 0)?.home_dashboard_uid ?? '';
}
