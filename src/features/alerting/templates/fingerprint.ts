/**
 * Prometheus's label-set fingerprint (model.LabelSet.Fingerprint): FNV-1a 64 over the sorted
 * label names and values, each followed by a 0xff separator, printed as 16 hex digits.
 */

import { Buffer } from 'node:buffer';
import { compareStrings } from '../../../lib/gotemplate/index.js';

const offset64 = 0xcbf29ce484222325n;
const prime64 = 0x100000001b3n;
const mask64 = (1n << 64n) - 1n;
const separator = 0xff;

export function labelsFingerprint(labels: Readonly<Record<string, string>>): string {
  let hash = offset64;
  const add = (byte: number): void => {
    hash = ((hash ^ BigInt(byte)) * prime64) & mask64;
  };
  for (const name of Object.keys(labels).sort(compareStrings)) {
    for (const byte of Buffer.from(name, 'utf8')) add(byte);
    add(separator);
    for (const byte of Buffer.from(labels[name]!, 'utf8')) add(byte);
    add(separator);
  }
  return hash.toString(16).padStart(16, '0');
}
