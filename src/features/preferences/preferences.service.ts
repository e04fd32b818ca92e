import type { Clock } from '../../lib/clock.js';
import type { TeamsLookup } from '../teams/teams.lookup.js';
import { isUniqueViolation } from '../../store/unique-violation.js';
import {
  dashboardNotFound,
  invalidTheme,
  invalidTimezone,
  invalidWeekStart,
  teamNotFound,
} from './preferences.errors.js';
import {
  fromRow,
  isValidTheme,
  isValidTimezone,
  isValidWeekStart,
  toValues,
  type Preferences,
  type PreferencesJson,
} from './preferences.model.js';
import type { PreferencesBody, PreferencesDto } from './preferences.schema.js';
import type { PreferencesOwner, PreferencesStore } from './preferences.store.js';

/** Resolves home dashboards between ids and uids (the dashboards feature provides it). */
export interface HomeDashboardLookup {
  uidOfId(orgId: number, id: number): Promise<string | undefined>;
  idOfUid(orgId: number, uid: string): Promise<number | undefined>;
}

export function createPreferencesService(deps: {
  store: PreferencesStore;
  teams: Pick<TeamsLookup, 'teamExists'>;
  clock: Clock;
  dashboards: HomeDashboardLookup;
}) {
  const { store, clock, dashboards } = deps;

  async function present(owner: PreferencesOwner, prefs: Preferences): Promise<PreferencesDto> {
    const homeDashboardId = prefs.homeDashboardUid
      ? ((await dashboards.idOfUid(owner.orgId, prefs.homeDashboardUid)) ?? 0)
      : 0;
    const { json } = prefs;
    return {
      theme: prefs.theme,
      homeDashboardId,
      homeDashboardUID: prefs.homeDashboardUid,
      timezone: prefs.timezone,
      weekStart: prefs.weekStart,
      language: json.language ?? '',
      regionalFormat: json.regionalFormat ?? '',
      ...(json.queryHistory ? { queryHistory: json.queryHistory } : {}),
      ...(json.navbar ? { navbar: json.navbar } : {}),
      ...(json.cookiePreferences
        ? { cookiePreferences: Object.fromEntries(json.cookiePreferences.map((c) => [c, {}])) }
        : {}),
    };
  }

  /** The home dashboard uid a body asks for; undefined when it does not mention one. */
  async function requestedHomeDashboard(orgId: number, body: PreferencesBody): Promise<string | undefined> {
    // Grafana compat: the uid wins over the deprecated numeric id when both are sent.
    if (body.homeDashboardUID !== undefined) {
      const uid = body.homeDashboardUID;
      if (uid === '') return '';
      if ((await dashboards.idOfUid(orgId, uid)) === undefined) throw dashboardNotFound();
      return uid;
    }
    if (body.homeDashboardId !== undefined) {
      if (body.homeDashboardId === 0) return '';
      const uid = await dashboards.uidOfId(orgId, body.homeDashboardId);
      if (uid === undefined) throw dashboardNotFound();
      return uid;
    }
    return undefined;
  }

  function validate(body: PreferencesBody): void {
    if (body.theme !== undefined && !isValidTheme(body.theme)) throw invalidTheme();
    if (body.timezone !== undefined && !isValidTimezone(body.timezone)) throw invalidTimezone();
    if (body.weekStart !== undefined && !isValidWeekStart(body.weekStart)) throw invalidWeekStart();
  }

  function mergeJson(base: PreferencesJson, body: PreferencesBody): PreferencesJson {
    const json: PreferencesJson = { ...base };
    if (body.language !== undefined) json.language = body.language;
    if (body.regionalFormat !== undefined) json.regionalFormat = body.regionalFormat;
    if (body.queryHistory !== undefined) json.queryHistory = { homeTab: body.queryHistory.homeTab ?? '' };
    if (body.navbar !== undefined) json.navbar = { bookmarkUrls: body.navbar.bookmarkUrls ?? [] };
    if (body.cookiePreferences !== undefined) json.cookiePreferences = [...new Set(body.cookiePreferences)];
    return json;
  }

  /** Writes one owner's preferences, merging the body into `base(current)`. */
  async function save(
    owner: PreferencesOwner,
    body: PreferencesBody,
    base: (current: Preferences) => Preferences,
  ): Promise<void> {
    validate(body);
    const homeDashboardUid = await requestedHomeDashboard(owner.orgId, body);
    const write = () =>
      store.transaction(async (trx) => {
        const row = await trx.get(owner);
        const start = base(fromRow(row));
        const next: Preferences = {
          theme: body.theme ?? start.theme,
          timezone: body.timezone ?? start.timezone,
          weekStart: body.weekStart ?? start.weekStart,
          homeDashboardUid: homeDashboardUid ?? start.homeDashboardUid,
          json: mergeJson(start.json, body),
        };
        const now = clock.now();
        if (row) await trx.update(row.id, toValues(next), now);
        else await trx.insert(owner, toValues(next), now);
      });
    // Two first writes for the same owner at once: the unique index refuses one, which then updates.
    await write().catch((err: unknown) => {
      if (isUniqueViolation(err)) return write();
      throw err;
    });
  }

  async function requireTeam(owner: PreferencesOwner): Promise<void> {
    if (owner.teamId && !(await deps.teams.teamExists(owner.orgId, owner.teamId))) throw teamNotFound();
  }

  return {
    async get(owner: PreferencesOwner): Promise<PreferencesDto> {
      await requireTeam(owner);
      return present(owner, fromRow(await store.get(owner)));
    },

    /** PUT: the body becomes the preferences; fields it leaves out are reset. */
    async replace(owner: PreferencesOwner, body: PreferencesBody): Promise<void> {
      await requireTeam(owner);
      await save(owner, body, () => ({ ...fromRow(undefined) }));
    },

    /** PATCH: only the fields in the body change. */
    async patch(owner: PreferencesOwner, body: PreferencesBody): Promise<void> {
      await requireTeam(owner);
      await save(owner, body, (current) => current);
    },
  };
}

export type PreferencesService = ReturnType<typeof createPreferencesService>;
