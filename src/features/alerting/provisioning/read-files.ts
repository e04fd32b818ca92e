import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expandDocument, type Env } from './expand-values.js';

/** One file of `<provisioning>/alerting`: its expanded document, or why it could not be read. */
export type AlertingFile = { path: string; raw: unknown } | { path: string; error: Error };

/**
 * The YAML/JSON files of `<provisioning>/alerting` in name order, parsed and expanded (`$VAR`,
 * `$__file{}`), for every feature that provisions from them (contact points, policies, rules, mute
 * timings). A missing folder is no files.
 */
export async function readAlertingFiles(directory: string, env: Env): Promise<AlertingFile[]> {
  const folder = join(directory, 'alerting');
  let names: string[];
  try {
    names = (await readdir(folder)).filter((n) => /\.(ya?ml|json)$/i.test(n)).sort();
  } catch {
    return [];
  }
  const files: AlertingFile[] = [];
  for (const name of names) {
    const path = join(folder, name);
    try {
      files.push({ path, raw: await expandDocument(parse(await readFile(path, 'utf8')), env) });
    } catch (err) {
      files.push({ path, error: err instanceof Error ? err : new Error(String(err)) });
    }
  }
  return files;
}
