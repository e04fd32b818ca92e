import { pbkdf2, randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto';

// Stored format: `scrypt$<N>$<r>$<p>$<salt b64>$<hash b64>`. The tag lets the algorithm or its cost
// change later without breaking existing hashes. Grafana's PBKDF2 hashes (hex, separate salt) are
// accepted so users migrated from Grafana can sign in, and are rehashed on success.

// N = 2^15 with r = 8 needs 32 MiB and a little more per hash. Below 32 MiB glibc keeps a freed
// block inside the hashing thread's arena (its mmap threshold rises to the block's size), so each
// of libuv's four threads held a resident 16 MiB after one hash at N = 2^14: 64 MB of RSS that
// never went back. Above 32 MiB every hash's memory is mapped and unmapped again.
const SCRYPT = { N: 32_768, r: 8, p: 1 } as const;
/** what OpenSSL may allocate for a hash of cost N and block size r (Node's default cap is 32 MiB) */
const maxmemOf = (N: number, r: number) => 256 * N * r;
const KEY_LENGTH = 32;
const GRAFANA_ITERATIONS = 10_000;
const GRAFANA_KEY_LENGTH = 50;

function scryptAsync(
  password: string,
  salt: Buffer,
  keylen: number,
  options: ScryptOptions,
): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

function pbkdf2Async(password: string, salt: string): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    pbkdf2(password, salt, GRAFANA_ITERATIONS, GRAFANA_KEY_LENGTH, 'sha256', (err, key) =>
      err ? reject(err) : resolve(key),
    ),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, KEY_LENGTH, {
    ...SCRYPT,
    maxmem: maxmemOf(SCRYPT.N, SCRYPT.r),
  });
  return ['scrypt', SCRYPT.N, SCRYPT.r, SCRYPT.p, salt.toString('base64'), key.toString('base64')].join('$');
}

interface PasswordCheck {
  ok: boolean;
  /** true when the stored hash uses an older scheme and should be replaced by hashPassword() */
  needsRehash: boolean;
}

export async function verifyPassword(stored: string, salt: string, password: string): Promise<PasswordCheck> {
  if (stored.startsWith('scrypt$')) {
    const [, n, r, p, saltB64, hashB64] = stored.split('$');
    const expected = Buffer.from(hashB64 ?? '', 'base64');
    if (!expected.length) return { ok: false, needsRehash: false };
    const options = { N: Number(n), r: Number(r), p: Number(p), maxmem: maxmemOf(Number(n), Number(r)) };
    const key = await scryptAsync(password, Buffer.from(saltB64 ?? '', 'base64'), expected.length, options);
    return { ok: timingSafeEqual(key, expected), needsRehash: Number(n) !== SCRYPT.N };
  }
  if (/^[0-9a-f]{100}$/.test(stored)) {
    const key = await pbkdf2Async(password, salt);
    return { ok: timingSafeEqual(key, Buffer.from(stored, 'hex')), needsRehash: true };
  }
  return { ok: false, needsRehash: false };
}
