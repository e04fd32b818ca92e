/** Pure helpers over integration settings and the catalogue's option descriptions. */
import type { NotifierOption, NotifierType, Settings } from './types.js';

const REDACTED = '[REDACTED]';

const isObject = (value: unknown): value is Settings =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function getPath(settings: Settings, path: string): unknown {
  let current: unknown = settings;
  for (const key of path.split('.')) {
    if (!isObject(current)) return undefined;
    current = current[key];
  }
  return current;
}

/** A copy with `path` set (parents created as needed). */
function withPath(settings: Settings, path: string, value: unknown): Settings {
  const [head, ...rest] = path.split('.');
  const key = head!;
  if (rest.length === 0) return { ...settings, [key]: value };
  const child = isObject(settings[key]) ? settings[key] : {};
  return { ...settings, [key]: withPath(child, rest.join('.'), value) };
}

/** The options of the type's current version (the one new integrations are created with). */
export function currentOptions(type: NotifierType | undefined): NotifierOption[] {
  if (!type) return [];
  const version = type.versions.find((v) => v.version === type.currentVersion) ?? type.versions[0];
  return version?.options ?? [];
}

/** Types a contact point can be created with, by display name. */
export function creatableTypes(catalogue: NotifierType[]): NotifierType[] {
  return catalogue
    .filter((t) => t.versions.some((v) => v.version === t.currentVersion && v.canCreate))
    .sort((a, b) => a.name.localeCompare(b.name));
}

export const isEmptyValue = (value: unknown): boolean =>
  value === undefined ||
  value === null ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (isObject(value) && Object.values(value).every(isEmptyValue));

/** Whether `showWhen` lets the option show, given the values of its level. */
export function isShown(option: NotifierOption, level: Settings): boolean {
  const rule = option.showWhen;
  if (!rule || !rule.field) return true;
  const value = level[rule.field];
  return (typeof value === 'string' || typeof value === 'number' ? String(value) : '') === rule.is;
}

/** Present: a value, or a secure value already stored. */
const present = (level: Settings, prefix: string, name: string, secureFields: Record<string, boolean>) =>
  !isEmptyValue(level[name]) || secureFields[prefix + name] === true;

/** Grafana's rule: a required option that `dependsOn` another is required only while that one is empty. */
export function isRequired(
  option: NotifierOption,
  level: Settings,
  prefix: string,
  secureFields: Record<string, boolean>,
): boolean {
  if (!option.required) return false;
  if (!option.dependsOn) return true;
  return !present(level, prefix, option.dependsOn, secureFields);
}

/**
 * Client-side checks from the catalogue: required options and validation rules of the options that
 * show. Returns messages by dotted path.
 */
export function validateSettings(
  options: NotifierOption[],
  settings: Settings,
  secureFields: Record<string, boolean>,
  prefix = '',
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const option of options) {
    if (!isShown(option, settings)) continue;
    const name = option.propertyName;
    const value = settings[name];
    if (option.element === 'subform' && option.subformOptions) {
      // A subform is checked only once something in it is filled in.
      if (isObject(value) && !isEmptyValue(value)) {
        Object.assign(
          errors,
          validateSettings(option.subformOptions, value, secureFields, `${prefix}${name}.`),
        );
      }
      continue;
    }
    if (
      isRequired(option, settings, prefix, secureFields) &&
      !present(settings, prefix, name, secureFields)
    ) {
      errors[prefix + name] = `${option.label} is required`;
      continue;
    }
    if (option.validationRule && typeof value === 'string' && value !== '') {
      let rule: RegExp | undefined;
      try {
        rule = new RegExp(`^(?:${option.validationRule})$`);
      } catch {
        rule = undefined;
      }
      if (rule && !rule.test(value)) errors[prefix + name] = `Invalid format (${option.validationRule})`;
    }
  }
  return errors;
}

/** Drops empty values (the server applies its defaults for absent ones). */
function clean(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(clean).filter((item) => !isEmptyValue(item));
    return items.length ? items : undefined;
  }
  if (isObject(value)) {
    const out: Settings = {};
    for (const [key, item] of Object.entries(value)) {
      const cleaned = clean(item);
      if (!isEmptyValue(cleaned) || typeof cleaned === 'boolean') out[key] = cleaned;
    }
    return out;
  }
  return value === '' ? undefined : value;
}

/**
 * The settings to send: empty values dropped, and `[REDACTED]` at every stored secret the user
 * kept, so the server keeps it without the page ever holding it.
 */
export function settingsToSend(settings: Settings, secureFields: Record<string, boolean>): Settings {
  let out = (clean(settings) as Settings | undefined) ?? {};
  for (const [path, configured] of Object.entries(secureFields)) {
    if (configured && isEmptyValue(getPath(out, path))) out = withPath(out, path, REDACTED);
  }
  return out;
}

/** Every option with its dotted path (subforms flattened), for matching server messages. */
function flattenOptions(options: NotifierOption[], prefix = ''): { path: string; option: NotifierOption }[] {
  return options.flatMap((option) => {
    const path = prefix + option.propertyName;
    const own = { path, option };
    if (option.element === 'subform' && option.subformOptions) {
      return [own, ...flattenOptions(option.subformOptions, `${path}.`)];
    }
    return [own];
  });
}

/** The server's detail without Grafana's prefixes (`invalid object specification: failed to validate …: `). */
export function errorDetail(message: string): string {
  return message
    .replace(/^Invalid receiver: '([\s\S]*)'$/, '$1')
    .replace(/^invalid object specification:\s*/, '')
    .replace(/^failed to validate integration "[^"]*" \(UID [^)]*\) of type "[^"]*":\s*/, '');
}

const squash = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/**
 * The option a server validation message is about, where it can be told: a quoted field name
 * (`invalid template in field "title"`, `required field 'url'`), else the longest option name or
 * label the message spells out (`could not find kafka topic property` → `kafkaTopic`).
 */
export function fieldOfError(detail: string, options: NotifierOption[]): string | undefined {
  const all = flattenOptions(options);
  const quoted = /field ["']([^"']+)["']/.exec(detail)?.[1];
  if (quoted) {
    const hit = all.find((o) => o.path === quoted || o.option.propertyName === quoted);
    if (hit) return hit.path;
  }
  const text = squash(detail);
  let best: { path: string; length: number } | undefined;
  for (const { path, option } of all) {
    for (const candidate of [option.propertyName, option.label]) {
      const key = squash(candidate);
      if (key.length < 3 || !text.includes(key)) continue;
      if (!best || key.length > best.length) best = { path, length: key.length };
    }
  }
  return best?.path;
}
