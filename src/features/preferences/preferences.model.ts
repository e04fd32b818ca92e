import { checkMaxLength } from '../../http/errors.js';
import { LIMITS } from '../../lib/limits.js';
import { COOKIE_TYPES } from './preferences.schema.js';
import type { PreferencesRow, PreferencesValues } from './preferences.store.js';

type CookieType = (typeof COOKIE_TYPES)[number];

/** What `json_data` holds: Grafana's PreferenceJSONData. */
export interface PreferencesJson {
  language?: string;
  regionalFormat?: string;
  queryHistory?: { homeTab: string };
  navbar?: { bookmarkUrls: string[] };
  cookiePreferences?: CookieType[];
}

/** One owner's preferences, decoded from its row. */
export interface Preferences {
  theme: string;
  timezone: string;
  weekStart: string;
  homeDashboardUid: string;
  json: PreferencesJson;
}

const EMPTY_PREFERENCES: Preferences = {
  theme: '',
  timezone: '',
  weekStart: '',
  homeDashboardUid: '',
  json: {},
};

export function fromRow(row: PreferencesRow | undefined): Preferences {
  if (!row) return EMPTY_PREFERENCES;
  return {
    theme: row.theme,
    timezone: row.timezone,
    weekStart: row.week_start,
    homeDashboardUid: row.home_dashboard_uid,
    json: parseJson(row.json_data),
  };
}

/** The row's values; 400 when the JSON part (its fields together) is too long for its column. */
export function toValues(prefs: Preferences): PreferencesValues {
  const json = Object.keys(prefs.json).length ? JSON.stringify(prefs.json) : '';
  checkMaxLength(JSON_FIELDS, json, LIMITS.preferences.jsonData);
  return {
    theme: prefs.theme,
    timezone: prefs.timezone,
    week_start: prefs.weekStart,
    home_dashboard_uid: prefs.homeDashboardUid,
    json_data: json,
  };
}

const JSON_FIELDS = 'body.language, regionalFormat, queryHistory, navbar and cookiePreferences (as JSON)';

function parseJson(text: string): PreferencesJson {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? parsed : {};
  } catch {
    // A row written by something else: its JSON part is ignored rather than failing every read.
    return {};
  }
}

const THEMES = new Set(['', 'light', 'dark', 'system']);
const WEEK_STARTS = new Set(['', 'monday', 'saturday', 'sunday']);

export const isValidTheme = (theme: string) => THEMES.has(theme);
export const isValidWeekStart = (weekStart: string) => WEEK_STARTS.has(weekStart);

/** `""`, Grafana's `utc` and `browser`, or a zone the runtime knows (IANA names). */
export function isValidTimezone(timezone: string): boolean {
  if (timezone === '' || timezone === 'utc' || timezone === 'browser') return true;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}
