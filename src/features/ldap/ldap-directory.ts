import type { Entry } from 'ldapts';
import type { LdapServerConfig } from './ldap-config.js';
import {
  attribute,
  attributeValues,
  escapeDn,
  escapeFilter,
  isInvalidCredentials,
  isLdapResult,
  openConnection,
  type LdapConnection,
} from './ldap-client.js';

type MappedRole = 'Viewer' | 'Editor' | 'Admin' | 'None';

/** What a directory says about a user: its attributes, groups and what the group mappings give it. */
export interface DirectoryUser {
  dn: string;
  login: string;
  email: string;
  givenName: string;
  surname: string;
  groups: string[];
  /** org id -> the first mapping per org that matched the user's groups */
  orgRoles: Map<number, { role: MappedRole; groupDn: string }>;
  /** undefined: no matching mapping says */
  isGrafanaAdmin?: boolean;
  server: LdapServerConfig;
}

export type LoginOutcome =
  | { kind: 'ok'; user: DirectoryUser }
  /**
   * the user is in no directory (`not-found`: every server answered so; `unconfirmed`: those that
   * answered did, another could not be asked), or its password is wrong, or it is in none of the
   * mapped groups
   */
  | { kind: 'refused'; reason: 'not-found' | 'unconfirmed' | 'invalid-password' | 'no-group' }
  /** no server could be asked; `detail` says why (never a credential) */
  | { kind: 'unavailable'; detail: string };

export interface ServerStatus {
  host: string;
  port: number;
  available: boolean;
  error: string;
}

/** The message of a failure to reach or use a server, for logs and 502 answers. */
function describe(err: unknown): string {
  if (isLdapResult(err)) return `LDAP result code ${err.code}: ${err.message}`;
  const code = (err as NodeJS.ErrnoException).code;
  const message = err instanceof Error ? err.message : String(err);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}

/** Grafana's IsMemberOf: `*` matches everybody, DNs compare case-insensitively. */
function isMemberOf(groups: string[], groupDn: string): boolean {
  return groupDn === '*' || groups.some((g) => g.toLowerCase() === groupDn.toLowerCase());
}

/** Grafana: with group mappings, a user in none of the mapped groups may not sign in (sync disables it). */
export const inMappedGroup = (user: DirectoryUser) =>
  user.server.groupMappings.length === 0 || user.orgRoles.size > 0 || user.isGrafanaAdmin === true;

/**
 * The LDAP side of sign-in, lookups and status for a list of `[[servers]]` (Grafana's multildap):
 * servers are asked in order; one that cannot be reached is skipped, one that does not know the
 * user or refuses the password hands over to the next.
 */
export function createDirectory(servers: () => LdapServerConfig[]) {
  /** Binds as the service account (bind_password), or unauthenticated as bind_dn. */
  async function serviceBind(conn: LdapConnection, server: LdapServerConfig): Promise<void> {
    if (server.bindPassword) await conn.bind(server.bindDn, server.bindPassword);
    else if (server.bindDn && !server.bindDn.includes('%s')) await conn.bind(server.bindDn, '');
  }

  async function findEntry(
    conn: LdapConnection,
    server: LdapServerConfig,
    login: string,
  ): Promise<Entry | undefined> {
    const a = server.attributes;
    const wanted = [
      a.username,
      a.surname,
      a.email,
      a.name,
      a.memberOf,
      server.groupSearchFilterUserAttribute,
    ];
    const attributes = [...new Set(wanted.filter((n) => n && n.toLowerCase() !== 'dn'))];
    const filter = server.searchFilter.replaceAll('%s', escapeFilter(login));
    for (const base of server.searchBaseDns) {
      const entries = await conn.search(base, filter, attributes);
      if (entries[0]) return entries[0];
    }
    return undefined;
  }

  /**
   * With `group_search_filter`, the groups whose entries the filter finds (`%s`: the user's
   * `group_search_filter_user_attribute`, else its login), read through `member_of` (`dn`: the
   * group's DN); otherwise the user's own `member_of` values. Nested groups are whatever the
   * filter finds (Active Directory: `member:1.2.840.113556.1.4.1941:=`).
   */
  async function groupsOf(conn: LdapConnection, server: LdapServerConfig, entry: Entry): Promise<string[]> {
    const a = server.attributes;
    if (!server.groupSearchFilter) return attributeValues(entry, a.memberOf);
    const value = attribute(entry, server.groupSearchFilterUserAttribute || a.username);
    const filter = server.groupSearchFilter.replaceAll('%s', escapeFilter(value));
    const groups: string[] = [];
    const wanted = a.memberOf.toLowerCase() === 'dn' ? [] : [a.memberOf];
    for (const base of server.groupSearchBaseDns) {
      for (const group of await conn.search(base, filter, wanted)) {
        const names = attributeValues(group, a.memberOf);
        groups.push(...(names.length ? names : [group.dn]));
      }
    }
    return groups;
  }

  function toUser(server: LdapServerConfig, entry: Entry, groups: string[]): DirectoryUser {
    const a = server.attributes;
    const orgRoles: DirectoryUser['orgRoles'] = new Map();
    let isGrafanaAdmin: boolean | undefined;
    for (const mapping of server.groupMappings) {
      // Grafana compat: the first matching mapping of each org wins.
      if (orgRoles.has(mapping.orgId) || !isMemberOf(groups, mapping.groupDn)) continue;
      if (mapping.orgRole) orgRoles.set(mapping.orgId, { role: mapping.orgRole, groupDn: mapping.groupDn });
      if (isGrafanaAdmin !== true && mapping.grafanaAdmin !== undefined)
        isGrafanaAdmin = mapping.grafanaAdmin;
    }
    return {
      dn: entry.dn,
      login: attribute(entry, a.username),
      email: attribute(entry, a.email),
      givenName: attribute(entry, a.name),
      surname: attribute(entry, a.surname),
      groups,
      orgRoles,
      isGrafanaAdmin,
      server,
    };
  }

  async function loginAt(server: LdapServerConfig, conn: LdapConnection, login: string, password: string) {
    const bindsAsUser = server.bindDn.includes('%s') && !server.bindPassword;
    try {
      if (bindsAsUser) await conn.bind(server.bindDn.replaceAll('%s', escapeDn(login)), password);
      else await serviceBind(conn, server);
    } catch (err) {
      if (bindsAsUser && isInvalidCredentials(err))
        return { kind: 'refused', reason: 'invalid-password' } as const;
      throw err;
    }
    const entry = await findEntry(conn, server, login);
    if (!entry) return { kind: 'refused', reason: 'not-found' } as const;
    const user = toUser(server, entry, await groupsOf(conn, server, entry));
    if (!inMappedGroup(user)) return { kind: 'refused', reason: 'no-group' } as const;
    if (!bindsAsUser) {
      try {
        await conn.bind(entry.dn, password);
      } catch (err) {
        if (isInvalidCredentials(err)) return { kind: 'refused', reason: 'invalid-password' } as const;
        throw err;
      }
    }
    return { kind: 'ok', user } as const;
  }

  /**
   * Asks each server in turn until one answers (`ask` returns something); a server that cannot be
   * reached or fails is skipped, and the last such failure is kept to say why none answered.
   */
  async function askServers<T>(
    ask: (server: LdapServerConfig, conn: LdapConnection) => Promise<T | undefined>,
  ): Promise<{ answer?: T; failure: string }> {
    let failure = '';
    for (const server of servers()) {
      let conn: LdapConnection;
      try {
        conn = await openConnection(server);
      } catch (err) {
        failure = `${server.host}:${server.port}: ${describe(err)}`;
        continue;
      }
      try {
        const answer = await ask(server, conn);
        if (answer !== undefined) return { answer, failure };
      } catch (err) {
        failure = `${conn.host}:${server.port}: ${describe(err)}`;
      } finally {
        await conn.close();
      }
    }
    return { failure };
  }

  return {
    /** Checks `password` for `login` against each server in turn. */
    async login(login: string, password: string): Promise<LoginOutcome> {
      // An empty password is an unauthenticated bind, which servers accept: never a sign-in.
      if (!password || !login) return { kind: 'refused', reason: 'invalid-password' };
      const refusals: ('not-found' | 'invalid-password' | 'no-group')[] = [];
      const { answer, failure } = await askServers(async (server, conn) => {
        const outcome = await loginAt(server, conn, login, password);
        if (outcome.kind === 'ok') return outcome;
        refusals.push(outcome.reason);
        return undefined;
      });
      if (answer) return answer;
      if (refusals.length === 0)
        return { kind: 'unavailable', detail: failure || 'no [[servers]] configured' };
      // A server that knows the user speaks for it; "not found" holds only when every server said so.
      const known = refusals.find((reason) => reason !== 'not-found');
      if (known) return { kind: 'refused', reason: known };
      return { kind: 'refused', reason: failure ? 'unconfirmed' : 'not-found' };
    },

    /**
     * A user by login without its password (admin lookup and sync): binds as the service account.
     * No user and no failure: every server answered that it does not know the login.
     */
    async find(login: string): Promise<{ user?: DirectoryUser; failure?: string }> {
      const { answer, failure } = await askServers(async (server, conn) => {
        await serviceBind(conn, server);
        const entry = await findEntry(conn, server, login);
        return entry && toUser(server, entry, await groupsOf(conn, server, entry));
      });
      return answer ? { user: answer } : { failure: failure || undefined };
    },

    /** Whether each server entry can be reached (GET /api/admin/ldap/status). */
    async status(): Promise<ServerStatus[]> {
      return Promise.all(
        servers().map(async (server) => {
          try {
            const conn = await openConnection(server);
            await conn.close();
            return { host: server.host, port: server.port, available: true, error: '' };
          } catch (err) {
            return { host: server.host, port: server.port, available: false, error: describe(err) };
          }
        }),
      );
    },
  };
}
