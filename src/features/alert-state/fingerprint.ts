/**
 * The two label-set hashes of the rule engine (reference §2.6). Both walk the same bytes — the
 * label names sorted, each name and value followed by a 0xff separator — and differ only in the
 * FNV variant:
 * - FNV-1 64 is Grafana's state cache id (the SDK's `data.Labels.Fingerprint()`), which keys
 *   `alert_instance` rows;
 * - FNV-1a 64 is Alertmanager's `model.LabelSet.Fingerprint()`, the `fingerprint` of an alert.
 * Both print as 16 lower-case hex digits, so an empty set gives the offset basis.
 */

import { Buffer } from 'node:buffer';
import { compareStrings } from '../../lib/gotemplate/index.js';

const offsetBasis = 0xcbf29ce484222325n;
const prime = 0x100000001b3n;
const mask = (1n << 64n) - 1n;
const separator = Buffer.from([0xff]);

function labelBytes(labels: Readonly<Record<string, string>>): Buffer {
  const parts: Buffer[] = [];
  // Go sorts by byte order; compareStrings does the same for non-ASCII names.
  for (const name of Object.keys(labels).sort(compareStrings)) {
    parts.push(Buffer.from(name, 'utf8'), separator, Buffer.from(labels[name]!, 'utf8'), separator);
  }
  return Buffer.concat(parts);
}

function hex(hash: bigint): string {
  return hash.toString(16).padStart(16, '0');
}

/** FNV-1 64 (multiply, then xor) of any bytes, as Go's `fnv.New64()` and `%016x`. */
export function fnv1Hex(bytes: Uint8Array): string {
  let hash = offsetBasis;
  for (const byte of bytes) hash = ((hash * prime) & mask) ^ BigInt(byte);
  return hex(hash);
}

/** FNV-1 64: Grafana's state cache id of an instance. */
export function labelsFingerprint(labels: Readonly<Record<string, string>>): string {
  return fnv1Hex(labelBytes(labels));
}

/** FNV-1a 64 (xor, then multiply): Alertmanager's fingerprint of the labels it receives. */
export function alertFingerprint(labels: Readonly<Record<string, string>>): string {
  let hash = offsetBasis;
  for (const byte of labelBytes(labels)) hash = ((hash ^ BigInt(byte)) * prime) & mask;
  return hex(hash);
}
