import { readFile } from 'node:fs/promises';
import type { DataSourceSettings } from '../types.js';

/** Where and as whom to connect, read from a stored SQL data source the way Grafana reads it. */
export interface SqlConnectionSettings {
  host: string;
  port: number;
  /** a Unix socket path instead of host:port (url starting with "/") */
  socketPath?: string;
  database: string;
  user: string;
  password: string;
  /** pool size: jsonData.maxOpenConns when positive, else 10 */
  maxConnections: number;
}

/**
 * `url` is `host`, `host:port`, `[ipv6]:port` or a socket path; the database comes from
 * jsonData.database (Grafana 9+) or the legacy top-level `database`; the password from
 * secureJsonData.password.
 */
export function readConnectionSettings(
  ds: DataSourceSettings,
  defaultPort: number,
): SqlConnectionSettings | string {
  const url = ds.url.trim();
  if (url === '') return 'The data source has no host (url)';
  const database = stringValue(ds.jsonData.database) || (ds.database ?? '').trim();
  const maxOpen = Number(ds.jsonData.maxOpenConns);
  const base = {
    database,
    user: (ds.user ?? '').trim(),
    password: ds.secureJsonData.password ?? '',
    maxConnections: Number.isInteger(maxOpen) && maxOpen > 0 ? Math.min(maxOpen, 100) : 10,
  };
  if (url.startsWith('/')) return { ...base, host: 'localhost', port: defaultPort, socketPath: url };
  const match = /^(?:[a-z]+:\/\/)?(\[[^\]]+\]|[^:/]+)(?::(\d+))?\/?$/i.exec(url);
  if (!match) return `The data source host "${url}" is not of the form host:port`;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (!(port > 0 && port < 65536)) return `The data source port in "${url}" is not a valid port`;
  return { ...base, host: match[1]!.replace(/^\[|\]$/g, ''), port };
}

function stringValue(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

interface TlsMaterial {
  ca?: string;
  cert?: string;
  key?: string;
}

/**
 * Certificates either pasted into the data source (secureJsonData tlsCACert / tlsClientCert /
 * tlsClientKey) or, for PostgreSQL's "file path" method, read from the given files. Read
 * asynchronously: this runs when a pool is created, on a request path.
 */
export async function readTlsMaterial(ds: DataSourceSettings): Promise<TlsMaterial> {
  const material: TlsMaterial = {};
  const secure = ds.secureJsonData;
  if (secure.tlsCACert) material.ca = secure.tlsCACert;
  if (secure.tlsClientCert) material.cert = secure.tlsClientCert;
  if (secure.tlsClientKey) material.key = secure.tlsClientKey;
  if (ds.jsonData.tlsConfigurationMethod !== 'file-content') {
    const files: [keyof TlsMaterial, unknown][] = [
      ['ca', ds.jsonData.sslRootCertFile],
      ['cert', ds.jsonData.sslCertFile],
      ['key', ds.jsonData.sslKeyFile],
    ];
    for (const [key, path] of files) {
      if (typeof path === 'string' && path.trim() !== '' && material[key] === undefined) {
        material[key] = await readFile(path.trim(), 'utf8');
      }
    }
  }
  return material;
}
