import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildConfig, type Config } from './config.js';
import { ConfigError, expandValues } from './expand.js';
import { mergeIni, parseIni, type IniSections } from './ini-file.js';
import { SettingsReader } from './reader.js';

export { ConfigError } from './expand.js';
export type { Config } from './config.js';

interface LoadOptions {
  /** folder with conf/defaults.ini */
  homepath: string;
  /** --config; when absent conf/custom.ini is used if it exists */
  configFile?: string;
  env?: NodeJS.ProcessEnv;
  /** highest precedence, used by tests and benchmarks: { section: { key: value } } */
  overrides?: Record<string, Record<string, string>>;
}

/** defaults.ini < custom.ini or --config < SVC_<SECTION>_<KEY> < overrides. */
export function loadConfig(options: LoadOptions): Config {
  const env = options.env ?? process.env;
  const homepath = resolve(options.homepath);
  let sections = readIni(resolve(homepath, 'conf/defaults.ini'));
  const custom = options.configFile ? resolve(options.configFile) : resolve(homepath, 'conf/custom.ini');
  if (options.configFile || existsSync(custom)) sections = mergeIni(sections, readIni(custom));
  applyEnv(sections, env);
  if (options.overrides) sections = mergeIni(sections, toSections(options.overrides));
  expandValues(sections, env, homepath);
  return buildConfig(new SettingsReader(sections), homepath, env);
}

function readIni(path: string): IniSections {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch {
    throw new ConfigError(`cannot read configuration file ${path}`);
  }
  return parseIni(text);
}

/** Grafana compat: only keys the files define are overridden, and only by non-empty values. */
function applyEnv(sections: IniSections, env: NodeJS.ProcessEnv): void {
  for (const [name, keys] of sections) {
    const prefix = `SVC_${name.toUpperCase().replace(/[.-]/g, '_')}_`;
    for (const key of keys.keys()) {
      const value = env[prefix + key.toUpperCase().replace(/\./g, '_')];
      if (value) keys.set(key, value);
    }
  }
}

function toSections(overrides: Record<string, Record<string, string>>): IniSections {
  return new Map(Object.entries(overrides).map(([name, keys]) => [name, new Map(Object.entries(keys))]));
}
