import { Type, type TString } from 'typebox';

/**
 * What the columns svc writes can hold (sizes from src/store/migrations), and sane limits where a
 * column has none. Request schemas and validation code take their limits from here, one number
 * per column, so a value too long or too large for its column is a 400 naming the field on every
 * dialect: SQLite stores anything, PostgreSQL and MySQL refuse it with an error.
 */

/** INTEGER columns (ids, versions, panel ids) on PostgreSQL and MySQL: a signed 32-bit integer. */
export const MAX_ID = 2_147_483_647;

/** Epoch milliseconds (BIGINT columns) that a JavaScript Date can still present as ISO 8601. */
const MAX_EPOCH_MS = 8_640_000_000_000_000;

/** `shortText` in migrations/columns.ts: indexed strings (names, logins, emails, titles). */
const SHORT = 190;
/** `mediumText` in migrations/columns.ts. */
const MEDIUM = 2048;

/** Characters per column, as VARCHAR(n) counts them on PostgreSQL and MySQL (code points). */
export const LIMITS = {
  /** every `uid` column, and Grafana's own limit on uids */
  uid: 40,
  org: { name: SHORT, address: SHORT },
  user: { login: SHORT, email: SHORT, name: SHORT, theme: 20 },
  orgUser: { role: 20 },
  loginAttempt: { username: SHORT, ipAddress: 64 },
  team: { name: SHORT, email: SHORT, groupId: SHORT },
  apiKey: { name: SHORT, role: 20 },
  preferences: { theme: 20, timezone: 50, weekStart: 20, homeDashboardUid: 40, jsonData: MEDIUM },
  folder: { title: SHORT, description: 2048 },
  dashboard: {
    title: 5000,
    slug: 5000,
    /** the indexed lower-case prefix of the title */
    sortTitle: SHORT,
    /** dashboard_version.message */
    message: 500,
    /** dashboard_tag.term (Grafana allows 50, checked with Grafana's message) */
    tag: SHORT,
    provisioner: SHORT,
    provisionedExternalId: 2048,
  },
  dataSource: {
    name: SHORT,
    type: SHORT,
    /** Grafana's limit, within the column's 2048 */
    url: 255,
    user: SHORT,
    database: SHORT,
    basicAuthUser: SHORT,
  },
  role: { uid: 64, name: SHORT, displayName: SHORT, description: MEDIUM, group: SHORT, builtIn: 20 },
  permission: { action: SHORT, scope: SHORT },
  annotation: { tagPart: 100 },
  snapshot: { name: SHORT, key: SHORT },
  libraryElement: { name: SHORT, type: SHORT, description: MEDIUM },
} as const;

/**
 * Limits of strings no column holds as such: lookups compared with a limited column, and values
 * kept inside a limited JSON column.
 */
export const SANE = {
  /** a login or email to look up: nothing longer can match */
  loginOrEmail: SHORT,
  /** preference values kept in preferences.json_data (their total is checked against it too) */
  preferenceValue: 50,
  bookmarkUrl: 500,
  /** a resource permission level name: View, Edit, Admin, Member… */
  permissionLevel: 20,
  /** a time of a query's range: epoch milliseconds, `now-6h`, an ISO date */
  timeRange: 100,
  /** a dashboard import's input: its name, type, plugin id and the value put into the model */
  importInput: { name: SHORT, value: MEDIUM },
} as const;

/** Characters as the databases count them: code points, not UTF-16 units. */
export function charLength(value: string): number {
  let surrogates = 0;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) surrogates++;
  }
  return value.length - surrogates;
}

export const isStorableId = (value: number): boolean =>
  Number.isInteger(value) && value >= 0 && value <= MAX_ID;

/** A string of at most `maxLength` characters (Ajv counts code points, as the databases do). */
export const Text = (maxLength: number, options: { minLength?: number; pattern?: string } = {}): TString =>
  Type.String({ ...options, maxLength });

/** A row id (or another INTEGER column) in a path, query or body: 0 to MAX_ID. */
export const Id = (options: { minimum?: number } = {}) =>
  Type.Integer({ minimum: 0, ...options, maximum: MAX_ID });

/** A count or page number in a query string, bounded so that offsets stay exact. */
export const Count = () => Type.Integer({ maximum: MAX_ID });

/** Epoch milliseconds: within a BIGINT column and a JavaScript Date. */
export const EpochMs = (options: { minimum?: number } = {}) =>
  Type.Integer({ minimum: -MAX_EPOCH_MS, ...options, maximum: MAX_EPOCH_MS });
