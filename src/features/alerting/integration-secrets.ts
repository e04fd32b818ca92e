import type { SecretsService } from '../secrets/secrets.service.js';
import type { IntegrationRow } from './contact-points.store.js';
import { securePaths } from './integrations-adapter.js';
import {
  deepCopy,
  deletePath,
  findPathIgnoringCase,
  getPath,
  setPath,
  type Settings,
} from './settings-paths.js';

export const REDACTED = '[REDACTED]';
const SECRETS_SCOPE = 'alerting';

export const parseSettings = (json: string): Settings => JSON.parse(json) as Settings;

/** Secure setting paths stored for a row (`secureFields` of Grafana's receiver shapes). */
export const secureFieldsOf = (row: IntegrationRow): Record<string, boolean> =>
  Object.fromEntries(Object.keys(parseSettings(row.secure_settings)).map((path) => [path, true]));

/** Integration settings in and out of storage: secure ones encrypted, never shown. */
export function createIntegrationSecrets(secrets: SecretsService) {
  async function decrypted(row: IntegrationRow): Promise<Record<string, string>> {
    return secrets.decryptMap(parseSettings(row.secure_settings) as Record<string, string>);
  }

  return {
    decrypted,

    /** Settings with every secret in plain text, for sending. */
    async plainSettings(row: IntegrationRow): Promise<Settings> {
      const settings = parseSettings(row.settings);
      for (const [path, value] of Object.entries(await decrypted(row))) setPath(settings, path, value);
      return settings;
    },

    /**
     * Splits the input's secure settings out and encrypts them; `[REDACTED]` keeps the value
     * `stored` has (when it is of the same type). Returns the settings to store, the ciphertexts
     * and all values in plain text (for validation).
     */
    async separate(type: string, input: Settings, stored: IntegrationRow | undefined) {
      const plain = deepCopy(input);
      const all = deepCopy(input);
      const storedCipher =
        stored && stored.type === type
          ? (parseSettings(stored.secure_settings) as Record<string, string>)
          : {};
      const toEncrypt: Record<string, string> = {};
      const kept: Record<string, string> = {};
      for (const path of securePaths(type)) {
        const actual = findPathIgnoringCase(plain, path);
        if (actual === undefined) continue;
        const value = getPath(plain, actual);
        deletePath(plain, actual);
        deletePath(all, actual);
        if (value === REDACTED) {
          const cipher = storedCipher[path];
          if (cipher !== undefined) {
            kept[path] = cipher;
            setPath(all, path, await secrets.decrypt(cipher));
          }
          continue;
        }
        if (value === undefined || value === null || value === '') continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        toEncrypt[path] = text;
        setPath(all, path, text);
      }
      const encrypted = { ...kept, ...(await secrets.encryptMap(SECRETS_SCOPE, toEncrypt)) };
      return { plain, encrypted, all };
    },
  };
}

export type IntegrationSecrets = ReturnType<typeof createIntegrationSecrets>;
