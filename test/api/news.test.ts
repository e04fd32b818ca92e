import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/app.js';
import { ADMIN, call } from '../helpers/client.js';
import { createUser } from '../helpers/factories.js';

const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/">
  <channel>
    <title>Lab news</title>
    <link>http://example.test/</link>
    <item>
      <title>Release 1.2 &amp; more</title>
      <link>http://example.test/release-1-2</link>
      <pubDate>Tue, 10 Nov 2026 09:30:00 GMT</pubDate>
      <description><![CDATA[<p>Faster <b>queries</b> &amp; fewer bugs.</p><script>alert(1)</script>]]></description>
    </item>
    <item>
      <title>Second post</title>
      <link>http://example.test/second</link>
      <description>Plain &lt;i&gt;escaped&lt;/i&gt; HTML</description>
    </item>
  </channel>
</rss>`;

const ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Atom lab</title>
  <entry>
    <title type="html">Atom &lt;em&gt;entry&lt;/em&gt;</title>
    <link rel="self" href="http://example.test/self"/>
    <link href="http://example.test/atom-1"/>
    <updated>2026-11-20T12:00:00Z</updated>
    <summary>A summary</summary>
  </entry>
</feed>`;

/** One item per way a feed names a picture, and items whose pictures must not be taken. */
const IMAGES_RSS = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:media="http://search.yahoo.com/mrss/">
  <channel>
    <title>Pictures</title>
    <item><title>og</title><link>http://example.test/og</link>
      <meta property="og:image" content="http://img.test/og.png"/>
      <enclosure url="http://img.test/later.png" type="image/png" length="1"/></item>
    <item><title>enclosure</title><link>http://example.test/e</link>
      <enclosure url="http://img.test/talk.mp3" type="audio/mpeg" length="1"/>
      <enclosure url="https://img.test/e.jpg" type="image/jpeg" length="1"/></item>
    <item><title>media content</title><link>http://example.test/m</link>
      <media:content url="http://img.test/clip.mp4" medium="video"/>
      <media:content url="http://img.test/m.webp" medium="image"/></item>
    <item><title>media group</title><link>http://example.test/g</link>
      <media:group><media:thumbnail url="http://img.test/thumb.jpg"/></media:group></item>
    <item><title>script</title><link>http://example.test/s</link>
      <enclosure url="javascript:alert(1)" type="image/png" length="1"/></item>
    <item><title>audio only</title><link>http://example.test/a</link>
      <enclosure url="http://img.test/a.mp3" type="audio/mpeg" length="1"/></item>
  </channel>
</rss>`;

const IMAGES_ATOM = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
  <title>Atom pictures</title>
  <entry>
    <title>With enclosure</title>
    <link href="http://example.test/atom-2"/>
    <link rel="enclosure" type="image/png" href="http://img.test/atom.png"/>
    <updated>2026-11-20T12:00:00Z</updated>
    <content type="html">&lt;p&gt;Body&lt;/p&gt;</content>
    <media:content url="http://img.test/unused.png" medium="image"/>
  </entry>
</feed>`;

/** A loopback web server with a feed of each kind and the bad cases the route must name. */
let feeds: Server;
let base: string;
beforeAll(async () => {
  feeds = createServer((request, response) => {
    switch (request.url) {
      case '/rss':
        return response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(RSS);
      case '/atom':
        return response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(ATOM);
      case '/images-rss':
        return response.writeHead(200, { 'content-type': 'application/rss+xml' }).end(IMAGES_RSS);
      case '/images-atom':
        return response.writeHead(200, { 'content-type': 'application/atom+xml' }).end(IMAGES_ATOM);
      case '/moved':
        return response.writeHead(302, { location: '/rss' }).end();
      case '/to-metadata':
        return response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      case '/html':
        return response.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>hi');
      case '/json':
        return response.writeHead(200, { 'content-type': 'application/json' }).end('{"a":1}');
      case '/huge': {
        // streamed without a length: the cap must stop reading, not trust a header
        response.writeHead(200, { 'content-type': 'application/rss+xml' });
        const chunk = `<!-- ${'x'.repeat(64 * 1024)} -->`;
        for (let i = 0; i < 20; i++) response.write(chunk);
        return response.end();
      }
      case '/slow':
        return setTimeout(() => response.writeHead(200).end(RSS), 8000);
      default:
        return response.writeHead(404).end('not here');
    }
  });
  await new Promise<void>((resolve) => feeds.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(feeds.address() as AddressInfo).port}`;
});
afterAll(async () => {
  feeds.closeAllConnections();
  await new Promise((resolve) => feeds.close(resolve));
});

const news = (server: TestServer, url: string, as = ADMIN) =>
  call(server, 'GET', `/api/news?url=${encodeURIComponent(url)}`, { as });

describe('GET /api/news', () => {
  it('reads an RSS 2.0 feed as items of plain text, following a redirect', async () => {
    const server = await startTestServer();
    const viewer = await createUser(server);
    for (const path of ['/rss', '/moved']) {
      const response = await news(server, base + path, viewer.as);
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      expect(response.body).toEqual({
        title: 'Lab news',
        items: [
          {
            title: 'Release 1.2 & more',
            link: 'http://example.test/release-1-2',
            date: '2026-11-10T09:30:00.000Z',
            description: 'Faster queries & fewer bugs.',
          },
          {
            title: 'Second post',
            link: 'http://example.test/second',
            description: 'Plain escaped HTML',
          },
        ],
      });
    }
  });

  it('reads an Atom feed: alternate link, updated date, summary', async () => {
    const server = await startTestServer();
    const response = await news(server, `${base}/atom`);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      title: 'Atom lab',
      items: [
        {
          title: 'Atom entry',
          link: 'http://example.test/atom-1',
          date: '2026-11-20T12:00:00.000Z',
          description: 'A summary',
        },
      ],
    });
  });

  it('names each item’s http(s) picture: og:image, image enclosure, media:content/thumbnail, Atom enclosure', async () => {
    const server = await startTestServer();
    const rss = await news(server, `${base}/images-rss`);
    expect(rss.status, JSON.stringify(rss.body)).toBe(200);
    expect(rss.body.items.map((item: { title: string; image?: string }) => [item.title, item.image])).toEqual(
      [
        ['og', 'http://img.test/og.png'],
        ['enclosure', 'https://img.test/e.jpg'],
        ['media content', 'http://img.test/m.webp'],
        ['media group', 'http://img.test/thumb.jpg'],
        ['script', undefined],
        ['audio only', undefined],
      ],
    );
    // no image key at all where there is none (the schema's optional field)
    expect(Object.keys(rss.body.items[5])).not.toContain('image');

    const atom = await news(server, `${base}/images-atom`);
    expect(atom.status, JSON.stringify(atom.body)).toBe(200);
    expect(atom.body.items).toEqual([
      {
        title: 'With enclosure',
        link: 'http://example.test/atom-2',
        date: '2026-11-20T12:00:00.000Z',
        description: 'Body',
        image: 'http://img.test/atom.png',
      },
    ]);
  });

  it('answers 502 naming why a feed cannot be had: unreachable, HTTP error, not a feed, too large', async () => {
    const server = await startTestServer();
    // a port nothing listens on: take one and let it go
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const cases: [string, RegExp][] = [
      [`http://127.0.0.1:${port}/feed`, /^Feed unreachable: .*ECONNREFUSED/],
      [`${base}/missing`, /^Feed unreachable: .*answered HTTP 404$/],
      [`${base}/html`, /^Feed unreachable: .*is not an RSS or Atom feed$/],
      [`${base}/json`, /^Feed unreachable: .*is not an RSS or Atom feed$/],
      [`${base}/huge`, /^Feed unreachable: .*larger than 1 MB$/],
      [`${base}/to-metadata`, /^Feed unreachable: .*redirected to a refused address.*169\.254\.169\.254/],
    ];
    for (const [url, message] of cases) {
      const response = await news(server, url);
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(502);
      expect(response.body.message).toMatch(message);
    }
  });

  it('gives up on a feed that does not answer within 5 s', async () => {
    const server = await startTestServer();
    const started = Date.now();
    const response = await news(server, `${base}/slow`);
    expect(response.status).toBe(502);
    expect(response.body.message).toMatch(/^Feed unreachable: .*no answer within 5 s$/);
    expect(Date.now() - started).toBeLessThan(7500);
  }, 60_000);

  it('refuses URLs that are not http(s), carry credentials or point at a metadata address', async () => {
    const server = await startTestServer();
    const cases: [string, RegExp][] = [
      ['file:///etc/passwd', /must start with http:\/\/ or https:\/\//],
      ['not a url', /not an absolute URL/],
      ['http://user:secret@127.0.0.1/feed', /credentials in the URL are not allowed/],
      ['http://169.254.169.254/latest/meta-data/', /link-local or cloud metadata address/],
      ['http://[fd00:ec2::254]/', /link-local or cloud metadata address/],
    ];
    for (const [url, message] of cases) {
      const response = await news(server, url);
      expect(response.status, `${url}: ${JSON.stringify(response.body)}`).toBe(400);
      expect(response.body.message).toMatch(message);
      expect(JSON.stringify(response.body)).not.toContain('secret');
    }
    const missing = await call(server, 'GET', '/api/news', { as: ADMIN });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/url/);
  });

  it('is for signed-in users only', async () => {
    const server = await startTestServer();
    const response = await fetch(`${server.url}/api/news?url=${encodeURIComponent(`${base}/rss`)}`);
    expect(response.status).toBe(401);
  });
});
