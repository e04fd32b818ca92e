/** Reading and writing nested integration settings by dotted path (`hmacConfig.secret`). */

export type Settings = Record<string, unknown>;

const isObject = (value: unknown): value is Settings =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export function getPath(settings: Settings, path: string): unknown {
  let current: unknown = settings;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** Sets a value, creating the parent objects on the way. */
export function setPath(settings: Settings, path: string, value: unknown): void {
  const keys = path.split('.');
  let current = settings;
  for (const key of keys.slice(0, -1)) {
    const next = current[key];
    if (!isObject(next)) current[key] = {};
    current = current[key] as Settings;
  }
  current[keys[keys.length - 1]!] = value;
}

export function deletePath(settings: Settings, path: string): void {
  const keys = path.split('.');
  let current: unknown = settings;
  for (const key of keys.slice(0, -1)) {
    if (!isObject(current)) return;
    current = current[key];
  }
  if (isObject(current)) delete current[keys[keys.length - 1]!];
}

/**
 * The secure path as the caller spelled it: Grafana matches secure keys case-insensitively, so
 * `integrationkey` is the secret `integrationKey`.
 */
export function findPathIgnoringCase(settings: Settings, path: string): string | undefined {
  let current: unknown = settings;
  const found: string[] = [];
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    const actual = Object.keys(current).find((k) => k.toLowerCase() === key.toLowerCase());
    if (actual === undefined) return undefined;
    found.push(actual);
    current = current[actual];
  }
  return found.join('.');
}

export function deepCopy<T>(value: T): T {
  return structuredClone(value);
}
