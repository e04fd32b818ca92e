import { randomBytes, scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../src/lib/password.js';

describe('password hashing', () => {
  it('hashes with scrypt in a tagged format and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^scrypt\$32768\$8\$1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(await verifyPassword(hash, '', 'correct horse')).toEqual({ ok: true, needsRehash: false });
    expect(await verifyPassword(hash, '', 'Correct horse')).toEqual({ ok: false, needsRehash: false });
  });

  it('asks to rehash a hash of the earlier cost (N = 2^14), which still verifies', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('old pw', salt, 32, { N: 16_384, r: 8, p: 1 });
    const old = ['scrypt', 16_384, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
    expect(await verifyPassword(old, '', 'old pw')).toEqual({ ok: true, needsRehash: true });
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same')).not.toBe(await hashPassword('same'));
  });

  it('accepts Grafana PBKDF2-SHA256 hashes (10 000 iterations, 50 bytes) and asks for a rehash', async () => {
    // Computed independently with Python: hashlib.pbkdf2_hmac('sha256', b'admin', b'Y6yFNpKc3F', 10000, 50).hex()
    const grafanaHash =
      '0df11ff9b5bbfa97b14e2d22dfaf2a1b713c832a37cf50b58bb162beb2227134a19ecfe183078430bec2dd340e0ab53f0920';
    expect(await verifyPassword(grafanaHash, 'Y6yFNpKc3F', 'admin')).toEqual({ ok: true, needsRehash: true });
    expect(await verifyPassword(grafanaHash, 'Y6yFNpKc3F', 'admin2')).toEqual({
      ok: false,
      needsRehash: true,
    });
    expect(await verifyPassword(grafanaHash, 'other-salt', 'admin')).toEqual({
      ok: false,
      needsRehash: true,
    });
  });

  it('rejects unknown formats', async () => {
    expect(await verifyPassword('plain', '', 'plain')).toEqual({ ok: false, needsRehash: false });
    expect(await verifyPassword('', '', '')).toEqual({ ok: false, needsRehash: false });
  });
});
