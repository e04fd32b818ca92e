import { describe, expect, it } from 'vitest';
import { alertFingerprint, labelsFingerprint } from '../../../src/features/alert-state/fingerprint.js';

/** A deliberately naive reference: the byte string spelled out, FNV-1/FNV-1a straight from the spec. */
function reference(labels: Record<string, string>, variant: '1' | '1a'): string {
  const names = Object.keys(labels).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  const bytes: number[] = [];
  for (const name of names)
    bytes.push(...new TextEncoder().encode(name), 255, ...new TextEncoder().encode(labels[name]), 255);
  let h = 14695981039346656037n;
  for (const b of bytes) {
    if (variant === '1') h = BigInt.asUintN(64, h * 1099511628211n) ^ BigInt(b);
    else h = BigInt.asUintN(64, (h ^ BigInt(b)) * 1099511628211n);
  }
  return h.toString(16).padStart(16, '0');
}

describe('fingerprints', () => {
  it('hash an empty label set to the FNV offset basis', () => {
    expect(labelsFingerprint({})).toBe('cbf29ce484222325');
    expect(alertFingerprint({})).toBe('cbf29ce484222325');
  });

  it('match the standard one-byte FNV test vectors once the separators are accounted for', () => {
    // FNV-1 64("a") = af63bd4c8601b7be and FNV-1a 64("a") = af63dc4c8601ec8c (the published vectors):
    // the reference must reproduce them on the bare byte string.
    const one = (variant: '1' | '1a'): string => {
      let h = 14695981039346656037n;
      h =
        variant === '1'
          ? BigInt.asUintN(64, h * 1099511628211n) ^ 0x61n
          : BigInt.asUintN(64, (h ^ 0x61n) * 1099511628211n);
      return h.toString(16);
    };
    expect(one('1')).toBe('af63bd4c8601b7be');
    expect(one('1a')).toBe('af63dc4c8601ec8c');
  });

  it('agree with the reference on label sets, independent of key order', () => {
    const sets: Record<string, string>[] = [
      { a: '' },
      { alertname: 'High CPU', instance: 'web-1', __alert_rule_uid__: 'rule-1' },
      { instance: 'web-1', alertname: 'High CPU', __alert_rule_uid__: 'rule-1' },
      { zone: 'é ü', Z: 'upper sorts first' },
    ];
    for (const labels of sets) {
      expect(labelsFingerprint(labels)).toBe(reference(labels, '1'));
      expect(alertFingerprint(labels)).toBe(reference(labels, '1a'));
    }
    expect(labelsFingerprint(sets[1]!)).toBe(labelsFingerprint(sets[2]!));
    expect(labelsFingerprint(sets[1]!)).not.toBe(alertFingerprint(sets[1]!));
  });

  it('separate names from values (no collision between {ab:c} and {a:bc})', () => {
    expect(labelsFingerprint({ ab: 'c' })).not.toBe(labelsFingerprint({ a: 'bc' }));
  });
});
