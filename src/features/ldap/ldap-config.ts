import { readFile } from 'node:fs/promises';
import { parse, TomlError } from 'smol-toml';
import { ConfigError, expandProviders } from '../../config/expand.js';

type MappedRole = 'Viewer' | 'Editor' | 'Admin' | 'None';
const ROLES: readonly MappedRole[] = ['Viewer', 'Editor', 'Admin', 'None'];

/** `[[servers.group_mappings]]`: members of `groupDn` (`*`: everybody) get `orgRole` in `orgId`. */
export interface LdapGroupMapping {
  groupDn: string;
  orgId: number;
  orgRole?: MappedRole;
  /** undefined: the mapping leaves the server-admin flag alone */
  grafanaAdmin?: boolean;
}

/** One `[[servers]]` entry of Grafana's ldap.toml, with the TLS files it names already read. */
export interface LdapServerConfig {
  /** as written: space-separated hosts, tried in order */
  host: string;
  hosts: string[];
  port: number;
  useSsl: boolean;
  startTls: boolean;
  sslSkipVerify: boolean;
  /** PEM contents of root_ca_cert (space- or comma-separated paths) */
  rootCas: string[];
  clientCert: string;
  clientKey: string;
  /** `%s` is the login: the user binds itself (no service account) */
  bindDn: string;
  bindPassword: string;
  timeoutMs: number;
  searchFilter: string;
  searchBaseDns: string[];
  groupSearchFilter: string;
  groupSearchFilterUserAttribute: string;
  groupSearchBaseDns: string[];
  attributes: { name: string; surname: string; username: string; memberOf: string; email: string };
  groupMappings: LdapGroupMapping[];
}

type Table = Record<string, unknown>;

const isTable = (value: unknown): value is Table =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/** Where `$__env{…}` and `$__file{…}` in the file's values are looked up. */
export interface LdapExpansion {
  env: Readonly<Record<string, string | undefined>>;
  /** relative `$__file{…}` paths are under it, as in the ini files */
  homepath: string;
}

/**
 * Grafana compat: `$__env{VAR}` and `$__file{path}` in the file's values (e.g. bind_password =
 * "$__env{LDAP_BIND_PASSWORD}"). Grafana expands the file's text before parsing it; expanding
 * each string value after parsing gives the same result for what operators write, and a secret
 * holding `"` or `\` stays intact.
 */
function expandStrings(value: unknown, at: string, expand: (text: string, at: string) => string): unknown {
  if (typeof value === 'string') return expand(value, at);
  if (Array.isArray(value)) return value.map((item, i) => expandStrings(item, `${at}[${i}]`, expand));
  if (isTable(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        expandStrings(item, at ? `${at}.${key}` : key, expand),
      ]),
    );
  return value;
}

/**
 * Reads and checks Grafana's ldap.toml. Every problem is a ConfigError naming the file and, for a
 * syntax error, its line and column; for a bad value, the server and key.
 */
export async function loadLdapConfig(file: string, expansion: LdapExpansion): Promise<LdapServerConfig[]> {
  const fail = (detail: string): never => {
    throw new ConfigError(`[auth.ldap] config_file ${file}: ${detail}`);
  };
  let text = '';
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    fail(`cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  let document: Table = {};
  try {
    document = parse(text);
  } catch (err) {
    if (!(err instanceof TomlError)) throw err;
    const reason = err.message.split('\n')[0]?.replace(/^Invalid TOML document: /, '') ?? 'invalid';
    fail(`line ${err.line}, column ${err.column}: ${reason}`);
  }
  document = expandStrings(document, '', (text, at) => {
    if (!text.includes('$__')) return text;
    try {
      return expandProviders(text, expansion.env, expansion.homepath, at);
    } catch (err) {
      if (err instanceof ConfigError) return fail(err.message);
      throw err;
    }
  }) as Table;
  const servers = document.servers;
  if (!Array.isArray(servers) || servers.length === 0 || !servers.every(isTable))
    return fail('expected at least one [[servers]] table');
  const parsed: LdapServerConfig[] = [];
  for (const [index, server] of servers.entries()) {
    parsed.push(await readServer(server, `servers[${index}]`, fail));
  }
  return parsed;
}

async function readServer(
  table: Table,
  where: string,
  fail: (detail: string) => never,
): Promise<LdapServerConfig> {
  const str = (t: Table, key: string, at: string, fallback = ''): string => {
    const value = t[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'string') return fail(`${at}.${key}: expected a string`);
    return value;
  };
  const bool = (key: string, fallback = false): boolean => {
    const value = table[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'boolean') return fail(`${where}.${key}: expected true or false`);
    return value;
  };
  const int = (t: Table, key: string, at: string, fallback: number): number => {
    const value = t[key];
    if (value === undefined) return fallback;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < 0)
      return fail(`${at}.${key}: expected a whole number`);
    return value;
  };
  const strings = (key: string): string[] => {
    const value = table[key];
    if (value === undefined) return [];
    if (!Array.isArray(value) || !value.every((v) => typeof v === 'string'))
      return fail(`${where}.${key}: expected an array of strings`);
    return value.filter(Boolean);
  };
  const readPem = async (path: string, key: string): Promise<string> => {
    try {
      return await readFile(path, 'utf8');
    } catch (err) {
      return fail(
        `${where}.${key}: cannot read ${path} (${(err as NodeJS.ErrnoException).code ?? String(err)})`,
      );
    }
  };

  const host = str(table, 'host', where).trim();
  const hosts = host.split(/\s+/).filter(Boolean);
  if (hosts.length === 0) fail(`${where}.host: required`);
  const useSsl = bool('use_ssl');
  const searchFilter = str(table, 'search_filter', where).trim();
  if (!searchFilter) fail(`${where}.search_filter: required (e.g. "(uid=%s)")`);
  const searchBaseDns = strings('search_base_dns');
  if (searchBaseDns.length === 0) fail(`${where}.search_base_dns: required`);

  const attributesTable = table.attributes ?? {};
  if (!isTable(attributesTable)) fail(`${where}.attributes: expected a table`);
  const attrs = attributesTable;
  const at = `${where}.attributes`;

  const mappings = table.group_mappings ?? [];
  if (!Array.isArray(mappings) || !mappings.every(isTable))
    fail(`${where}.group_mappings: expected [[servers.group_mappings]] tables`);
  const groupMappings = mappings.map((mapping, i): LdapGroupMapping => {
    const mwhere = `${where}.group_mappings[${i}]`;
    const groupDn = str(mapping, 'group_dn', mwhere).trim();
    if (!groupDn) fail(`${mwhere}.group_dn: required`);
    const rawRole = str(mapping, 'org_role', mwhere).trim();
    const orgRole = ROLES.find((r) => r.toLowerCase() === rawRole.toLowerCase());
    if (rawRole && !orgRole) fail(`${mwhere}.org_role: "${rawRole}" (expected one of ${ROLES.join(', ')})`);
    const admin = mapping.grafana_admin;
    if (admin !== undefined && typeof admin !== 'boolean')
      fail(`${mwhere}.grafana_admin: expected true or false`);
    const orgId = int(mapping, 'org_id', mwhere, 1);
    if (orgId < 1) fail(`${mwhere}.org_id: expected an id >= 1`);
    return { groupDn, orgId, orgRole, grafanaAdmin: admin };
  });

  const caPaths = str(table, 'root_ca_cert', where)
    .split(/[\s,]+/)
    .filter(Boolean);
  const clientCertPath = str(table, 'client_cert', where).trim();
  const clientKeyPath = str(table, 'client_key', where).trim();
  if (Boolean(clientCertPath) !== Boolean(clientKeyPath))
    fail(`${where}: client_cert and client_key go together`);

  return {
    host,
    hosts,
    port: int(table, 'port', where, useSsl ? 636 : 389),
    useSsl,
    startTls: bool('start_tls'),
    sslSkipVerify: bool('ssl_skip_verify'),
    rootCas: await Promise.all(caPaths.map((p) => readPem(p, 'root_ca_cert'))),
    clientCert: clientCertPath ? await readPem(clientCertPath, 'client_cert') : '',
    clientKey: clientKeyPath ? await readPem(clientKeyPath, 'client_key') : '',
    bindDn: str(table, 'bind_dn', where),
    bindPassword: str(table, 'bind_password', where),
    // Grafana compat: seconds, 10 by default.
    timeoutMs: int(table, 'timeout', where, 10) * 1000 || 10_000,
    searchFilter,
    searchBaseDns,
    groupSearchFilter: str(table, 'group_search_filter', where).trim(),
    groupSearchFilterUserAttribute: str(table, 'group_search_filter_user_attribute', where).trim(),
    groupSearchBaseDns: strings('group_search_base_dns'),
    attributes: {
      name: str(attrs, 'name', at, 'givenName'),
      surname: str(attrs, 'surname', at, 'sn'),
      username: str(attrs, 'username', at, 'cn'),
      memberOf: str(attrs, 'member_of', at, 'memberOf'),
      email: str(attrs, 'email', at, 'email'),
    },
    groupMappings,
  };
}
