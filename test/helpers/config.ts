import { loadConfig, type Config } from '../../src/config/load.js';
import { projectRoot } from '../../src/lib/build-info.js';

export type Overrides = Record<string, Record<string, string>>;

/** Layers override sets section by section. */
export function mergeOverrides(...sets: Overrides[]): Overrides {
  const merged: Overrides = {};
  for (const set of sets) {
    for (const [section, keys] of Object.entries(set)) merged[section] = { ...merged[section], ...keys };
  }
  return merged;
}

/** `env` is the environment the server sees (provisioning files expand $VAR from it). */
export function testConfig(overrides: Overrides = {}, env: Record<string, string> = {}): Config {
  return loadConfig({
    homepath: projectRoot,
    env,
    overrides: mergeOverrides(
      { server: { http_addr: '127.0.0.1', http_port: '0' }, log: { level: 'error' } },
      overrides,
    ),
  });
}
