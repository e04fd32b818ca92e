import { createHash } from 'node:crypto';

const GRID = 5;
const CELL = 50;
const PADDING = 25;
const SIZE = GRID * CELL + 2 * PADDING;

/** A hash as accepted by /avatar/{hash}: 1 to 64 hex characters (Grafana sends an md5). */
export function isAvatarHash(hash: string): boolean {
  return /^[0-9a-fA-F]{1,64}$/.test(hash);
}

/**
 * A GitHub-style identicon: a 5×5 grid mirrored around its middle column, filled from the bits of
 * a digest of the hash, in one colour derived from the same digest. The same hash always gives the
 * same bytes, so responses can be cached for long.
 */
export function identiconSvg(hash: string): string {
  // Any hash length is spread over 32 uniform bytes, so short hashes still give a full pattern.
  const digest = createHash('sha256').update(hash.toLowerCase()).digest();
  const hue = ((digest[0]! << 8) | digest[1]!) % 360;
  const saturation = 45 + (digest[2]! % 30);
  const lightness = 45 + (digest[3]! % 20);
  const colour = `hsl(${hue}, ${saturation}%, ${lightness}%)`;

  const cells: string[] = [];
  for (let row = 0; row < GRID; row++) {
    for (let column = 0; column < Math.ceil(GRID / 2); column++) {
      const bit = row * 3 + column;
      if (((digest[4 + (bit >> 3)]! >> (bit & 7)) & 1) === 0) continue;
      for (const x of new Set([column, GRID - 1 - column])) {
        cells.push(
          `<rect x="${PADDING + x * CELL}" y="${PADDING + row * CELL}" width="${CELL}" height="${CELL}"/>`,
        );
      }
    }
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">` +
    `<rect width="${SIZE}" height="${SIZE}" fill="#f0f0f0"/>` +
    `<g fill="${colour}">${cells.join('')}</g>` +
    `</svg>`
  );
}
