/**
 * The one path of an integration's secrets: which settings are secret (the integrations
 * library's list), how a write keeps a stored secret (`[REDACTED]` in its place), how they are
 * encrypted for storage, and how they are shown back (`[REDACTED]`, in clear, or as `secureFields`).
 * Every caller (provisioning API, receivers API, provisioning files, the test endpoint) goes
 * through `resolve`; each translates its own convention for "keep it" into `[REDACTED]` first.
 */

import type { SecretsService } from '../secrets/secrets.service.js';
import type { IntegrationRow } from './contact-points.store.js';
import { redactedValue, secureSettingKeys } from './integrations/index.js';
import {
  deepCopy,
  deletePath,
  findPathIgnoringCase,
  getPath,
  setPath,
  type Settings,
} from './settings-paths.js';

/** What a secret is shown as, and accepted back as "unchanged". */
export const REDACTED = redactedValue;
const SECRETS_SCOPE = 'alerting';

export const parseSettings = (json: string): Settings => JSON.parse(json) as Settings;

/** The ciphertexts of a stored row by dotted path. */
export const storedSecrets = (row: IntegrationRow | undefined): Record<string, string> =>
  row ? (parseSettings(row.secure_settings) as Record<string, string>) : {};

/** The ciphertexts a write of `type` may keep: a row changing type keeps none. */
export const storedSecretsFor = (row: IntegrationRow | undefined, type: string): Record<string, string> =>
  row && row.type === type ? storedSecrets(row) : {};

/** Secure setting paths stored for a row (`secureFields` of Grafana's receiver shapes). */
export const secureFieldsOf = (row: IntegrationRow): Record<string, boolean> =>
  Object.fromEntries(Object.keys(storedSecrets(row)).map((path) => [path, true]));

/**
 * Marks the secrets `stored` has that `keep(path, given)` selects as `[REDACTED]` (keep the stored
 * value); `given` is the value in `settings`, undefined when left out. Returns a copy.
 */
export function markKept(
  type: string,
  settings: Settings,
  stored: Record<string, string>,
  keep: (path: string, given: unknown) => boolean,
): Settings {
  const marked = deepCopy(settings);
  for (const path of secureSettingKeys(type)) {
    if (stored[path] === undefined) continue;
    const actual = findPathIgnoringCase(marked, path);
    const given = actual === undefined ? undefined : getPath(marked, actual);
    if (keep(path, given)) setPath(marked, actual ?? path, REDACTED);
  }
  return marked;
}

/** An integration's settings with its secrets resolved (`resolve`), before encryption. */
export interface ResolvedSettings {
  /** the settings to store: every secure path removed */
  plain: Settings;
  /** every setting, secrets in plain text at their canonical path (to validate and send) */
  all: Settings;
  /** stored ciphertexts kept by `[REDACTED]` */
  kept: Record<string, string>;
  /** new secrets to encrypt */
  fresh: Record<string, string>;
}

/** Integration settings in and out of storage: secure ones encrypted, never shown. */
export function createIntegrationSecrets(secrets: SecretsService) {
  async function decrypted(row: IntegrationRow): Promise<Record<string, string>> {
    return secrets.decryptMap(storedSecrets(row));
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
     * Splits the secure settings of `type` out of `input`: `[REDACTED]` keeps the ciphertext
     * `stored` has at that path (nothing when it has none), empty values are dropped.
     */
    async resolve(type: string, input: Settings, stored: Record<string, string>): Promise<ResolvedSettings> {
      const plain = deepCopy(input);
      const all = deepCopy(input);
      const kept: Record<string, string> = {};
      const fresh: Record<string, string> = {};
      for (const path of secureSettingKeys(type)) {
        const actual = findPathIgnoringCase(plain, path);
        if (actual === undefined) continue;
        const value = getPath(plain, actual);
        deletePath(plain, actual);
        deletePath(all, actual);
        if (value === REDACTED) {
          const cipher = stored[path];
          if (cipher !== undefined) {
            kept[path] = cipher;
            setPath(all, path, await secrets.decrypt(cipher));
          }
          continue;
        }
        if (value === undefined || value === null || value === '') continue;
        const text = typeof value === 'string' ? value : JSON.stringify(value);
        fresh[path] = text;
        setPath(all, path, text);
      }
      return { plain, all, kept, fresh };
    },

    /** The ciphertexts to store for resolved settings. */
    async seal(resolved: ResolvedSettings): Promise<Record<string, string>> {
      return { ...resolved.kept, ...(await secrets.encryptMap(SECRETS_SCOPE, resolved.fresh)) };
    },
  };
}

export type IntegrationSecrets = ReturnType<typeof createIntegrationSecrets>;

/** A row's settings with each stored secret at its place: `[REDACTED]`, or its value when given. */
export function settingsForDisplay(row: IntegrationRow, values?: Record<string, string>): Settings {
  const settings = parseSettings(row.settings);
  for (const path of Object.keys(storedSecrets(row)))
    setPath(settings, path, values ? values[path] : REDACTED);
  return settings;
}
