import { readFileSync } from 'node:fs';
import { chmod, chown, lstat, rm } from 'node:fs/promises';
import type { Config } from '../config/config.js';

type ServerConfig = Config['server'];

/** Grafana's `TLS1.2` → Node's `TLSv1.2`. */
const nodeTlsVersion = (version: ServerConfig['minTlsVersion']) =>
  version.replace('TLS', 'TLSv') as 'TLSv1.2';

/**
 * Fastify's server options for `[server] protocol`: TLS for https; TLS with HTTP/2 for h2, where
 * HTTP/1.1 clients are still answered (ALPN), as Grafana's h2 does. The certificate files are read
 * once at start: a missing or unreadable file stops the start with its path in the error.
 */
export function transportOptions(server: ServerConfig): Record<string, unknown> {
  if (server.protocol !== 'https' && server.protocol !== 'h2') return {};
  const read = (path: string, what: string) => {
    try {
      return readFileSync(path);
    } catch (err) {
      throw new Error(`[server] ${what} ${path} cannot be read: ${(err as Error).message}`);
    }
  };
  const tls = {
    cert: read(server.certFile, 'cert_file'),
    key: read(server.certKey, 'cert_key'),
    minVersion: nodeTlsVersion(server.minTlsVersion),
  };
  return server.protocol === 'h2' ? { http2: true, https: { ...tls, allowHTTP1: true } } : { https: tls };
}

/** Where to listen: the Unix socket for protocol = socket, else `http_addr:http_port`. */
export function listenOptions(server: ServerConfig): { path: string } | { host: string; port: number } {
  if (server.protocol === 'socket') return { path: server.socket };
  return { host: server.httpAddr || '0.0.0.0', port: server.httpPort };
}

/** Before listening on a socket: a stale socket of an earlier run would refuse the bind (only a socket goes). */
export async function prepareSocket(server: ServerConfig): Promise<void> {
  if (server.protocol !== 'socket') return;
  const existing = await lstat(server.socket).catch(() => undefined);
  if (existing?.isSocket()) await rm(server.socket);
}

/** After listening on a socket: Grafana's socket_mode and socket_gid. */
export async function applySocketPermissions(server: ServerConfig): Promise<void> {
  if (server.protocol !== 'socket') return;
  await chmod(server.socket, server.socketMode);
  if (server.socketGid !== -1) await chown(server.socket, process.getuid?.() ?? -1, server.socketGid);
}
