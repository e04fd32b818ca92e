import { passwordPolicy, passwordTooShort } from './users.errors.js';

/**
 * Grafana's rules: under 4 characters is always refused; with `[auth.basic] password_policy` a
 * password needs 12+ characters with an upper-case letter, a lower-case letter, a digit and a symbol.
 */
export function checkPassword(password: string, strictPolicy: boolean): void {
  if (password.length < 4) throw passwordTooShort();
  if (!strictPolicy) return;
  const strong =
    password.length >= 12 &&
    /[A-Z]/.test(password) &&
    /[a-z]/.test(password) &&
    /[0-9]/.test(password) &&
    /[^A-Za-z0-9]/.test(password);
  if (!strong) throw passwordPolicy();
}
