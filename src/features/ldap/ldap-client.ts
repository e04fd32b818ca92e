import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { Client, InvalidCredentialsError, ResultCodeError, type Entry } from 'ldapts';
import type { LdapServerConfig } from './ldap-config.js';

/** The server answered with an LDAP result code (it is up; the request was refused). */
export const isLdapResult = (err: unknown): err is ResultCodeError => err instanceof ResultCodeError;
export const isInvalidCredentials = (err: unknown): boolean => err instanceof InvalidCredentialsError;

/** One open connection to one host of a server entry; closed by `close()`. */
export interface LdapConnection {
  host: string;
  bind(dn: string, password: string): Promise<void>;
  /** subtree search; attribute names in the entries keep the server's spelling */
  search(baseDn: string, filter: string, attributes: string[]): Promise<Entry[]>;
  close(): Promise<void>;
}

/** RFC 4515: a value inside a search filter. */
export function escapeFilter(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** RFC 4514: a value inside a DN (bind_dn with `%s`). */
export function escapeDn(value: string): string {
  return value
    .replace(/[\\,+"<>;=]/g, (c) => `\\${c}`)
    .replace(/^[\s#]/, (c) => `\\${c}`)
    .replace(/\s$/, (c) => `\\${c}`);
}

function tlsOptions(server: LdapServerConfig, host: string): ConnectionOptions {
  return {
    host,
    // SNI takes names only.
    ...(isIP(host) ? {} : { servername: host }),
    rejectUnauthorized: !server.sslSkipVerify,
    ...(server.rootCas.length ? { ca: server.rootCas } : {}),
    ...(server.clientCert ? { cert: server.clientCert, key: server.clientKey } : {}),
  };
}

/** TCP (or TLS for use_ssl) to one host, within the server's timeout. */
function dial(server: LdapServerConfig, host: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket: Socket = server.useSsl
      ? tlsConnect({ ...tlsOptions(server, host), port: server.port })
      : netConnect({ host, port: server.port });
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`connection to ${host}:${server.port} timed out`));
    }, server.timeoutMs);
    socket.once(server.useSsl ? 'secureConnect' : 'connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      // until the client takes the socket over
      socket.on('error', () => undefined);
      resolve(socket);
    });
    socket.once('error', (err) => {
      clearTimeout(timer);
      socket.destroy();
      reject(err);
    });
  });
}

/**
 * Connects to the first host of the entry that answers (Grafana's order), upgrading with
 * StartTLS when `start_tls`; throws the last host's error when none does.
 */
export async function openConnection(server: LdapServerConfig): Promise<LdapConnection> {
  let lastError: unknown = new Error('no host');
  for (const host of server.hosts) {
    let socket: Socket;
    try {
      socket = await dial(server, host);
    } catch (err) {
      lastError = err;
      continue;
    }
    const client = new Client({
      url: `ldap://${isIP(host) === 6 ? `[${host}]` : host}:${server.port}`,
      timeout: server.timeoutMs,
      connectTimeout: server.timeoutMs,
      strictDN: false,
      createConnection: () => socket,
    });
    try {
      if (server.startTls && !server.useSsl) await client.startTLS(tlsOptions(server, host));
    } catch (err) {
      socket.destroy();
      lastError = err;
      continue;
    }
    return {
      host,
      bind: (dn, password) => client.bind(dn, password),
      async search(baseDn, filter, attributes) {
        const { searchEntries } = await client.search(baseDn, {
          scope: 'sub',
          derefAliases: 'never',
          filter,
          attributes,
        });
        return searchEntries;
      },
      async close() {
        await client.unbind().catch(() => undefined);
        socket.destroy();
      },
    };
  }
  throw lastError;
}

/** An attribute's first value, case-insensitively; `dn` is the entry's DN (Grafana's rule). */
export function attribute(entry: Entry, name: string): string {
  return attributeValues(entry, name)[0] ?? '';
}

export function attributeValues(entry: Entry, name: string): string[] {
  if (!name) return [];
  if (name.toLowerCase() === 'dn') return [entry.dn];
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (key === undefined) return [];
  const value = entry[key];
  const list = Array.isArray(value) ? value : [value];
  return list.map((v) => (Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
}
