import type { RawSql } from '../helpers/raw-sql.js';

/**
 * Tables whose rows only a request that succeeded may change. Left out: what refused requests
 * legitimately write (login_attempt, user_auth_token on sign-in, sessions' last seen), runtime
 * state of the alerting engine and leases, annotations (the alert engine writes state changes as
 * annotations in the background).
 */
const TABLES = [
  'org',
  'users',
  'org_user',
  'team',
  'team_member',
  'api_key',
  'role',
  'permission',
  'builtin_role',
  'user_role',
  'team_role',
  'data_source',
  'folder',
  'dashboard',
  'dashboard_version',
  'dashboard_tag',
  'star',
  'preferences',
  'alert_rule',
  'alert_contact_point',
  'alert_template',
  'alert_policy',
  'alert_silence',
  'alert_mute_timing',
  'alert_inhibition_rule',
  'dashboard_snapshot',
  'library_element',
];

/** Columns summed besides the row count: an update bumps them. */
const VERSIONED: Record<string, string> = { data_source: 'version', dashboard: 'version', role: 'version' };

/** One statement answering every table's row count (and version sums): cheap enough per request. */
export async function createFingerprint(sql: RawSql): Promise<() => Promise<string>> {
  const present: string[] = [];
  for (const table of TABLES) {
    try {
      await sql.query(`SELECT count(*) AS n FROM ${sql.quote(table)}`);
      present.push(table);
    } catch {
      // not in this version of the schema
    }
  }
  const parts = present.map((table) => {
    const version = VERSIONED[table];
    const q = sql.quote(table);
    return version
      ? `(SELECT count(*) FROM ${q}) AS ${sql.quote(table)}, (SELECT coalesce(sum(${sql.quote(version)}), 0) FROM ${q}) AS ${sql.quote(`${table}_v`)}`
      : `(SELECT count(*) FROM ${q}) AS ${sql.quote(table)}`;
  });
  const statement = `SELECT ${parts.join(', ')}`;
  return async () => {
    const [row] = await sql.query(statement);
    return Object.entries(row ?? {})
      .map(([k, v]) => `${k}=${String(v)}`)
      .join(' ');
  };
}
