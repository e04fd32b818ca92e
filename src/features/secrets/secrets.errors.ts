import { defineError } from '../../http/errors.js';

/** The stored data cannot be decrypted with the configured key: it was changed without re-encryption. */
export const secretKeyChanged = defineError(
  500,
  'secrets.secret-key-changed',
  'Stored secrets cannot be decrypted: [security] secret_key has changed since they were written. Restore the previous secret_key.',
);
