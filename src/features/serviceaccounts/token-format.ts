import { createHash, randomBytes } from 'node:crypto';
import { crc32 } from 'node:zlib';

// Format: svc_sa_<32 alphanumerics>_<8 hex CRC32 of everything before it, little-endian>, the same
// shape as Grafana's glsa_ tokens. The checksum lets a typo'd or truncated token be rejected
// without touching the database.

const PREFIX = 'svc_sa_';
const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
const TOKEN_PATTERN = /^svc_sa_([A-Za-z0-9]{32})_([0-9a-f]{8})$/;

function checksum(body: string): string {
  const value = crc32(body);
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes.toString('hex');
}

export function generateServiceAccountToken(): string {
  let secret = '';
  for (const byte of randomBytes(32)) secret += ALPHANUMERIC[byte % ALPHANUMERIC.length];
  const body = `${PREFIX}${secret}`;
  return `${body}_${checksum(body)}`;
}

/** Whether the text has the token's shape and a matching checksum. */
export function isWellFormedToken(token: string): boolean {
  const match = TOKEN_PATTERN.exec(token);
  return match !== null && checksum(`${PREFIX}${match[1]}`) === match[2];
}

/**
 * Tokens carry 190 bits of entropy, so a plain SHA-256 is enough to store them; a slow KDF would
 * only cost every token-authenticated request.
 */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
