/**
 * Value expansion in alerting provisioning files, as Grafana does it (Go's os.Expand plus the
 * `$__env{}` / `$__file{}` expanders): every string scalar, recursively; `$$` is a literal `$`.
 */

import { readFile } from 'node:fs/promises';
import { hostname } from 'node:os';

export type Env = Readonly<Record<string, string | undefined>>;

const EXPANDER = /\$(|__\w+)\{([^}]+)\}/g;
const SPECIAL = '*#$@!?-0123456789';

/** Expands one string; throws with Grafana's message when an expander fails. */
export async function expandValue(value: string, env: Env): Promise<string> {
  const parts = value.split('$$');
  const expanded: string[] = [];
  for (const part of parts) expanded.push(expandEnv(await applyExpanders(part, env, value), env));
  return expanded.join('$');
}

/** Expands every string of a parsed document (numbers and booleans untouched). */
export async function expandDocument(value: unknown, env: Env): Promise<unknown> {
  if (typeof value === 'string') return expandValue(value, env);
  if (Array.isArray(value)) return Promise.all(value.map((item) => expandDocument(item, env)));
  if (value !== null && typeof value === 'object') {
    const entries = await Promise.all(
      Object.entries(value).map(async ([key, item]) => [key, await expandDocument(item, env)] as const),
    );
    return Object.fromEntries(entries);
  }
  return value;
}

function lookup(name: string, env: Env): string {
  const value = env[name];
  if (value === undefined && name === 'HOSTNAME') return hostname();
  return value ?? '';
}

async function applyExpanders(text: string, env: Env, original: string): Promise<string> {
  const matches = [...text.matchAll(EXPANDER)];
  if (!matches.length) return text;
  let out = '';
  let last = 0;
  for (const match of matches) {
    const [whole, kind, argument] = match as unknown as [string, string, string];
    out += text.slice(last, match.index);
    last = match.index + whole.length;
    if (kind === '' || kind === '__env') out += lookup(argument, env);
    else if (kind === '__file') {
      try {
        out += (await readFile(argument, 'utf8')).trim();
      } catch (err) {
        throw new Error(
          `failed to interpolate value '${original}': got error while expanding expander file: ${(err as Error).message}`,
        );
      }
    } else out += whole;
  }
  return out + text.slice(last);
}

/** Go's os.ExpandEnv. */
export function expandEnv(text: string, env: Env): string {
  let out = '';
  let i = 0;
  for (let j = 0; j < text.length; j++) {
    if (text[j] !== '$' || j + 1 >= text.length) continue;
    out += text.slice(i, j);
    const [name, width] = shellName(text.slice(j + 1));
    if (name === '' && width > 0) {
      // invalid syntax: the characters are dropped
    } else if (name === '') {
      out += '$';
    } else {
      out += lookup(name, env);
    }
    j += width;
    i = j + 1;
  }
  return out + text.slice(i);
}

function shellName(s: string): [string, number] {
  if (s[0] === '{') {
    if (s.length > 2 && SPECIAL.includes(s[1]!) && s[2] === '}') return [s[1]!, 3];
    for (let i = 1; i < s.length; i++) {
      if (s[i] === '}') return i === 1 ? ['', 2] : [s.slice(1, i), i + 1];
    }
    return ['', 1];
  }
  if (SPECIAL.includes(s[0]!)) return [s[0]!, 1];
  let i = 0;
  while (i < s.length && /[A-Za-z0-9_]/.test(s[i]!)) i++;
  return [s.slice(0, i), i];
}
