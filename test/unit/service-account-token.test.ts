import { describe, expect, it } from 'vitest';
import {
  generateServiceAccountToken,
  hashToken,
  isWellFormedToken,
} from '../../src/features/serviceaccounts/token-format.js';

// Expected checksums computed outside this code base, with Python:
//   struct.pack('<I', zlib.crc32(b'svc_sa_<secret>')).hex()
const VECTORS = [
  { secret: 'abcdefghijklmnopqrstuvwxyzABCDEF', checksum: '9ae27905' },
  { secret: '00000000000000000000000000000000', checksum: '60a2dfc4' },
  { secret: 'Zz9Yy8Xx7Ww6Vv5Uu4Tt3Ss2Rr1Qq0Pp', checksum: '984d3cba' },
];

/** CRC-32 (IEEE 802.3, reflected polynomial 0xEDB88320), bit by bit: independent of node:zlib. */
function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

function littleEndianHex(value: number): string {
  return [0, 8, 16, 24].map((shift) => ((value >>> shift) & 0xff).toString(16).padStart(2, '0')).join('');
}

describe('service-account token format', () => {
  it('accepts svc_sa_<32 alphanumerics>_<CRC32 of svc_sa_<secret>, little-endian hex>', () => {
    for (const { secret, checksum } of VECTORS) {
      expect(littleEndianHex(crc32(`svc_sa_${secret}`))).toBe(checksum);
      expect(isWellFormedToken(`svc_sa_${secret}_${checksum}`)).toBe(true);
    }
  });

  it('generates distinct well-formed tokens whose checksum matches an independent CRC32', () => {
    const tokens = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const token = generateServiceAccountToken();
      const match = /^svc_sa_([A-Za-z0-9]{32})_([0-9a-f]{8})$/.exec(token);
      expect(match, token).not.toBeNull();
      expect(match![2]).toBe(littleEndianHex(crc32(`svc_sa_${match![1]}`)));
      expect(isWellFormedToken(token)).toBe(true);
      tokens.add(token);
    }
    expect(tokens.size).toBe(200);
  });

  it('rejects tampered, truncated and foreign tokens', () => {
    const { secret, checksum } = VECTORS[0]!;
    const valid = `svc_sa_${secret}_${checksum}`;
    const flipped = (text: string, at: number) =>
      text.slice(0, at) + (text[at] === 'a' ? 'b' : 'a') + text.slice(at + 1);
    const rejected = [
      flipped(valid, 7), // first secret character
      flipped(valid, 7 + 31), // last secret character
      `svc_sa_${secret}_${checksum.slice(0, 7)}0`, // checksum changed
      `svc_sa_${secret}_${checksum.toUpperCase()}`, // checksum must be lower-case hex
      `svc_sa_${secret}_0579e29a`, // big-endian checksum
      `svc_sa_${secret.slice(1)}_${checksum}`, // 31 characters
      `svc_sa_${secret}x_${checksum}`, // 33 characters
      `svc_sa_${secret.slice(0, 31)}-_${checksum}`, // not alphanumeric
      `glsa_${secret}_${checksum}`, // Grafana's prefix
      `svc_${secret}_${checksum}`,
      `${valid} `,
      ` ${valid}`,
      `${valid}\n`,
      '',
    ];
    for (const token of rejected) expect(isWellFormedToken(token), JSON.stringify(token)).toBe(false);
  });

  it('stores the SHA-256 hex of the whole token', () => {
    // Python: hashlib.sha256(b'svc_sa_abcdefghijklmnopqrstuvwxyzABCDEF_9ae27905').hexdigest()
    expect(hashToken(`svc_sa_${VECTORS[0]!.secret}_${VECTORS[0]!.checksum}`)).toBe(
      'ee13dcc0217dff5d5c7e43f40bb65b12156b2a091d49a2fdbdf560c3702ddbbc',
    );
  });
});
