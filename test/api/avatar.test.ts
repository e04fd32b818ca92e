import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function avatar(server: TestServer, hash: string) {
  const response = await fetch(`${server.url}/avatar/${hash}`);
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/** The filled cells of an identicon as a 5×5 grid of 0/1, read back from the SVG. */
function grid(svg: string): number[][] {
  const cells = Array.from({ length: 5 }, () => [0, 0, 0, 0, 0]);
  for (const [, x, y] of svg.matchAll(/<rect x="(\d+)" y="(\d+)" width="50" height="50"\/>/g)) {
    cells[(Number(y) - 25) / 50]![(Number(x) - 25) / 50] = 1;
  }
  return cells;
}

describe('GET /avatar/{hash}', () => {
  it('serves a deterministic, mirrored SVG identicon without credentials', async () => {
    const server = await startTestServer();
    const hash = md5('someone@example.com');
    const first = await avatar(server, hash);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toMatch(/^image\/svg\+xml/);
    expect(first.headers.get('cache-control')).toMatch(/^public, max-age=\d+$/);
    expect(first.text).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(first.text).toMatch(/fill="hsl\(\d+, \d+%, \d+%\)"/);

    const again = await avatar(server, hash);
    expect(again.text).toBe(first.text);
    // Hex is case-insensitive: the same hash in capitals is the same picture.
    expect((await avatar(server, hash.toUpperCase())).text).toBe(first.text);

    const cells = grid(first.text);
    expect(cells.flat().filter(Boolean).length).toBeGreaterThan(0);
    for (const row of cells) expect(row).toEqual([...row].reverse());

    // Other hashes give other pictures, and another server gives the same one for the same hash.
    const pictures = new Set<string>();
    for (let i = 0; i < 20; i++) pictures.add((await avatar(server, md5(`user${i}@example.com`))).text);
    expect(pictures.size).toBe(20);
    const other = await startTestServer();
    expect((await avatar(other, hash)).text).toBe(first.text);
  });

  it('accepts 1 to 64 hex characters and answers 404 otherwise', async () => {
    const server = await startTestServer();
    for (const hash of ['a', '0'.repeat(64), 'DEADbeef']) {
      expect((await avatar(server, hash)).status, hash).toBe(200);
    }
    for (const hash of ['xyz', '0'.repeat(65), 'abc-def', '%20']) {
      const response = await avatar(server, hash);
      expect(response.status, hash).toBe(404);
      expect(JSON.parse(response.text)).toEqual({
        message: 'Avatar not found',
        messageId: 'avatar.not-found',
      });
    }
  });
});
