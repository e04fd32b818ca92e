import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
};

const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt']);

export interface StaticFile {
  body: Buffer;
  /** gzip-compressed body, for compressible types worth compressing */
  gzipped?: Buffer;
  contentType: string;
  etag: string;
}

/**
 * Files of a built directory, read and gzipped once per version of each file (keyed by size and
 * mtime, so a rebuild while the server runs is picked up) and kept in memory: the UI is small.
 */
export function createStaticFiles(root: string) {
  const cache = new Map<string, { version: string; file: StaticFile }>();

  /** The file at a URL path below root, or undefined when there is none (or it escapes root). */
  async function get(urlPath: string): Promise<StaticFile | undefined> {
    const relative = normalize(urlPath).replace(/^([/\\])+/, '');
    if (relative.startsWith('..') || relative.includes(`${sep}..${sep}`)) return undefined;
    const path = join(root, relative);
    if (!path.startsWith(root)) return undefined;
    let info;
    try {
      info = await stat(path);
    } catch {
      return undefined;
    }
    if (!info.isFile()) return undefined;
    const version = `${info.size}-${Math.floor(info.mtimeMs)}`;
    const cached = cache.get(path);
    if (cached?.version === version) return cached.file;
    const body = await readFile(path);
    const extension = extname(path);
    const file: StaticFile = {
      body,
      contentType: CONTENT_TYPES[extension] ?? 'application/octet-stream',
      etag: `"${version}"`,
      gzipped: COMPRESSIBLE.has(extension) && body.length > 512 ? await gzipAsync(body) : undefined,
    };
    cache.set(path, { version, file });
    return file;
  }

  return { get };
}
