import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { IniSections } from './ini-file.js';

export class ConfigError extends Error {}

/**
 * Resolves `$__env{VAR}`, `$__file{path}` and `%(key)s` (same section) in every value.
 * Config loading happens once at start-up, so reading files synchronously here is fine.
 */
export function expandValues(sections: IniSections, env: NodeJS.ProcessEnv, homepath: string): void {
  for (const [name, keys] of sections) {
    for (const [key, value] of keys) keys.set(key, expandProviders(value, env, homepath, `[${name}] ${key}`));
    for (const [key, value] of keys) keys.set(key, interpolate(value, keys, `[${name}] ${key}`));
  }
}

/**
 * `$__env{VAR}` (unset: empty) and `$__file{path}` (relative to `homepath`, trimmed) in one value;
 * ldap.toml's values expand the same way.
 */
export function expandProviders(
  value: string,
  env: Readonly<Record<string, string | undefined>>,
  homepath: string,
  where: string,
): string {
  return value
    .replace(/\$__env\{([^}]*)\}/g, (_, name: string) => env[name.trim()] ?? '')
    .replace(/\$__file\{([^}]*)\}/g, (_, path: string) => {
      try {
        return readFileSync(resolve(homepath, path.trim()), 'utf8').trim();
      } catch {
        throw new ConfigError(`invalid value for ${where}: cannot read file "${path.trim()}"`);
      }
    });
}

function interpolate(value: string, keys: Map<string, string>, where: string, depth = 0): string {
  if (!value.includes('%(')) return value;
  if (depth > 10) throw new ConfigError(`invalid value for ${where}: %(…)s references form a cycle`);
  const expanded = value.replace(/%\(([^)]+)\)s/g, (_, ref: string) => {
    const target = keys.get(ref);
    if (target === undefined) throw new ConfigError(`invalid value for ${where}: unknown key %(${ref})s`);
    return target;
  });
  return interpolate(expanded, keys, where, depth + 1);
}
