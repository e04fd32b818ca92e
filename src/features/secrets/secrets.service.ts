import { hkdf, randomBytes, webcrypto } from 'node:crypto';

type CryptoKey = webcrypto.CryptoKey;
import type { Clock } from '../../lib/clock.js';
import { generateUid } from '../../lib/uid.js';
import type { Db } from '../../store/database.js';
import { secretKeyChanged } from './secrets.errors.js';

const { subtle } = webcrypto;
const IV_BYTES = 12;
const FORMAT = 'v1';

/**
 * Envelope encryption of secrets at rest (AES-256-GCM). Each scope (e.g. "datasources") has a
 * random data key; data keys are stored encrypted by a key derived from `[security] secret_key`.
 * Ciphertexts are `v1.<dataKeyId>.<base64 iv+ciphertext+tag>`. All crypto is asynchronous
 * (WebCrypto) so the event loop never stalls; decrypted data keys are cached in memory.
 */
export function createSecretsService(deps: { db: Db; secretKey: string; clock: Clock }) {
  const { db, clock } = deps;
  let masterKey: Promise<CryptoKey> | undefined;
  const dataKeys = new Map<string, Promise<CryptoKey>>();
  const activeKeyIds = new Map<string, Promise<string>>();

  function master(): Promise<CryptoKey> {
    masterKey ??= new Promise<ArrayBuffer>((resolve, reject) =>
      hkdf('sha256', deps.secretKey, 'svc-secrets', 'data-key-encryption', 32, (err, key) =>
        err ? reject(err) : resolve(key),
      ),
    ).then((raw) => subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']));
    return masterKey;
  }

  async function seal(key: CryptoKey, plaintext: Uint8Array): Promise<string> {
    const iv = randomBytes(IV_BYTES);
    const ciphertext = await subtle.encrypt({ name: 'AES-GCM', iv }, key, plaintext);
    return Buffer.concat([iv, Buffer.from(ciphertext)]).toString('base64');
  }

  async function open(key: CryptoKey, sealed: string): Promise<Uint8Array> {
    const bytes = Buffer.from(sealed, 'base64');
    try {
      return new Uint8Array(
        await subtle.decrypt(
          { name: 'AES-GCM', iv: bytes.subarray(0, IV_BYTES) },
          key,
          bytes.subarray(IV_BYTES),
        ),
      );
    } catch {
      throw secretKeyChanged();
    }
  }

  function dataKey(id: string): Promise<CryptoKey> {
    let key = dataKeys.get(id);
    if (!key) {
      key = (async () => {
        const row = await db
          .selectFrom('data_key')
          .select('encrypted_key')
          .where('id', '=', id)
          .executeTakeFirst();
        if (!row) throw secretKeyChanged('Stored secrets refer to an unknown data key');
        const raw = await open(await master(), row.encrypted_key);
        return subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt']);
      })();
      key.catch(() => dataKeys.delete(id));
      dataKeys.set(id, key);
    }
    return key;
  }

  /** The scope's active data key, created on first use. */
  function activeKeyId(scope: string): Promise<string> {
    let id = activeKeyIds.get(scope);
    if (!id) {
      id = (async () => {
        const row = await db
          .selectFrom('data_key')
          .select('id')
          .where('scope', '=', scope)
          .where('active', '=', 1)
          .orderBy('created', 'desc')
          .executeTakeFirst();
        if (row) return row.id;
        const newId = generateUid(20);
        const raw = randomBytes(32);
        await db
          .insertInto('data_key')
          .values({
            id: newId,
            scope,
            active: 1,
            encrypted_key: await seal(await master(), raw),
            created: clock.now(),
          })
          .execute();
        return newId;
      })();
      id.catch(() => activeKeyIds.delete(scope));
      activeKeyIds.set(scope, id);
    }
    return id;
  }

  return {
    async encrypt(scope: string, plaintext: string): Promise<string> {
      const id = await activeKeyId(scope);
      return `${FORMAT}.${id}.${await seal(await dataKey(id), Buffer.from(plaintext, 'utf8'))}`;
    },

    async decrypt(ciphertext: string): Promise<string> {
      const [format, id, sealed] = ciphertext.split('.');
      if (format !== FORMAT || !id || !sealed) throw secretKeyChanged('Stored secret has an unknown format');
      return Buffer.from(await open(await dataKey(id), sealed)).toString('utf8');
    },

    /** Encrypts every value of a map (e.g. secureJsonData). */
    async encryptMap(scope: string, values: Record<string, string>): Promise<Record<string, string>> {
      const entries = await Promise.all(
        Object.entries(values).map(async ([k, v]) => [k, await this.encrypt(scope, v)] as const),
      );
      return Object.fromEntries(entries);
    },

    async decryptMap(values: Record<string, string>): Promise<Record<string, string>> {
      const entries = await Promise.all(
        Object.entries(values).map(async ([k, v]) => [k, await this.decrypt(v)] as const),
      );
      return Object.fromEntries(entries);
    },
  };
}

export type SecretsService = ReturnType<typeof createSecretsService>;
